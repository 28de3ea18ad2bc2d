import { dirname, relative, resolve, sep } from 'node:path';
import { DOCS_DIR } from '../paths.js';
import { operationPath } from './links.js';
import { cellText, codeHtml, paragraphText } from './markdown-text.js';
import type { ReferenceOperation } from './reference-model.js';
import type {
  ArazzoAction,
  ArazzoCriterion,
  ArazzoParameter,
  ArazzoStep,
  ArazzoWorkflow,
  WorkflowFile,
} from './workflow-files.js';

/** Where a step of a page is: its own anchor, unique on the page (two workflows may share a step id). */
function stepAnchor(workflow: ArazzoWorkflow, stepId: string): string {
  return `${workflow.workflowId}-${stepId}`;
}

/**
 * A description of a workflow file as Markdown of its page: a link relative to the file
 * (`../guides/pagination.md`) becomes the site's path of its target, wherever the page is.
 */
function descriptionText(markdown: string, file: WorkflowFile): string {
  return paragraphText(markdown.trim()).replace(/\]\(([^)\s]+)\)/g, function sitePath(whole, target: string) {
    if (/^(?:[a-z]+:|#|\/)/i.test(target)) return whole;
    const inDocs = relative(DOCS_DIR, resolve(dirname(file.path), target));
    if (inDocs.startsWith('..')) throw new Error(`${file.file}: a link out of docs/: ${target}`);
    return `](/${inDocs.split(sep).join('/')})`;
  });
}

/** A value a workflow sends or keeps: a runtime expression as it is, anything else as JSON. */
function valueHtml(value: unknown): string {
  return codeHtml(typeof value === 'string' ? value : JSON.stringify(value));
}

/** An Arazzo `operationId`, bare or qualified by its source (`$sourceDescriptions.api.listNotes`). */
function bareOperationId(operationId: string): string {
  return operationId.replace(/^\$sourceDescriptions\.[^.]+\./, '');
}

/** The operation an `operationPath` (`{$sourceDescriptions.api.url}#/paths/~1notes~1/post`) points at. */
function operationAtPath(
  operationPath: string,
  operations: readonly ReferenceOperation[],
): ReferenceOperation | undefined {
  const [, pathKey = '', method = ''] = (operationPath.split('#')[1] ?? '')
    .split('/')
    .slice(1)
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
  return operations.find((op) => op.path === pathKey && op.method.toLowerCase() === method);
}

/** What a step calls: an operation (linked to its page), a workflow, or a request to a URL. */
function stepTarget(file: WorkflowFile, step: ArazzoStep, operations: readonly ReferenceOperation[]): string {
  if (step.operationId !== undefined || step.operationPath !== undefined) {
    const op = step.operationId
      ? operations.find((o) => o.id === bareOperationId(step.operationId ?? ''))
      : operationAtPath(step.operationPath ?? '', operations);
    if (!op)
      throw new Error(
        `${file.file}: step ${step.stepId} calls ${step.operationId ?? step.operationPath}, which the document lacks`,
      );
    const summary = cellText(String(op.operation.summary ?? op.id));
    return `Calls [\`${op.id}\`](${operationPath(op.id)}), ${codeHtml(`${op.method} ${op.path}`)}: ${summary}.`;
  }
  if (step.workflowId !== undefined) {
    const [, source, id] = /^\$sourceDescriptions\.([^.]+)\.(.+)$/.exec(step.workflowId) ?? [];
    if (source === undefined || id === undefined)
      return `Runs the workflow [\`${step.workflowId}\`](#${step.workflowId}) of this file.`;
    const called = file.called.get(source);
    const summary = called?.document.workflows.find((w) => w.workflowId === id)?.summary;
    return `Runs the workflow \`${id}\` of \`${called?.url.replace(/^\.\//, '') ?? source}\`${summary ? `: ${paragraphText(summary)}` : '.'}`;
  }
  const request = step['x-operation'];
  if (request)
    return `Requests ${codeHtml(`${request.method.toUpperCase()} ${request.url}`)} (Redocly Respect's \`x-operation\`: a URL, no operation of the document).`;
  throw new Error(`${file.file}: step ${step.stepId} calls nothing`);
}

function parametersTable(parameters: readonly ArazzoParameter[] | undefined): string[] {
  if (!parameters || parameters.length === 0) return [];
  return [
    '| Parameter | In | Value |',
    '| --- | --- | --- |',
    ...parameters.map((p) => `| \`${p.name}\` | ${p.in ?? 'input'} | ${valueHtml(p.value)} |`),
    '',
  ];
}

/** The fields of a payload, each by its JSON pointer without the leading `/`, with the value it gets. */
function payloadFields(payload: unknown, at = ''): Array<[string, unknown]> {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return [[at, payload]];
  return Object.entries(payload).flatMap(([key, value]) =>
    payloadFields(value, `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`),
  );
}

function requestBodySection(step: ArazzoStep): string[] {
  const body = step.requestBody;
  if (!body) return [];
  const fields = payloadFields(body.payload);
  return [
    `**Request body** (\`${body.contentType ?? 'application/json'}\`):`,
    '',
    '| Field | Value |',
    '| --- | --- |',
    ...fields.map(
      ([pointer, value]) => `| ${pointer ? `\`${pointer.slice(1)}\`` : '(the body)'} | ${valueHtml(value)} |`,
    ),
    '',
  ];
}

/** The kinds of criteria Arazzo names (simple ones have no name: a condition as written). */
const CRITERION_KINDS: Readonly<Record<string, string>> = {
  regex: 'regex',
  jsonpath: 'JSONPath',
  xpath: 'XPath',
};

function criterionText(criterion: ArazzoCriterion): string {
  const type = typeof criterion.type === 'object' ? criterion.type.type : (criterion.type ?? 'simple');
  const condition = codeHtml(criterion.condition);
  if (type === 'simple')
    return criterion.context ? `${condition} (on ${codeHtml(criterion.context)})` : condition;
  return `${codeHtml(criterion.context ?? '')} matches the ${CRITERION_KINDS[type] ?? type} ${condition}`;
}

function criteriaList(title: string, criteria: readonly ArazzoCriterion[] | undefined): string[] {
  if (!criteria || criteria.length === 0) return [];
  return [`**${title}**:`, '', ...criteria.map((c) => `- ${criterionText(c)}`), ''];
}

function actionText(workflow: ArazzoWorkflow, action: ArazzoAction): string {
  const to = action.stepId
    ? `step [\`${action.stepId}\`](#${stepAnchor(workflow, action.stepId)})`
    : action.workflowId
      ? `workflow \`${action.workflowId}\``
      : undefined;
  const what =
    action.type === 'end'
      ? 'the workflow ends'
      : action.type === 'goto'
        ? `go to ${to}`
        : `retry${action.retryAfter === undefined ? '' : ` after ${action.retryAfter} s`}${action.retryLimit === undefined ? '' : `, at most ${action.retryLimit} times`}${to ? `, from ${to}` : ''}`;
  const when = action.criteria?.length ? `when ${action.criteria.map(criterionText).join(' and ')}, ` : '';
  return `- \`${action.name}\`: ${when}${what}`;
}

function actionsList(title: string, workflow: ArazzoWorkflow, actions: readonly ArazzoAction[] | undefined) {
  if (!actions || actions.length === 0) return [];
  return [`**${title}**, the first that applies:`, '', ...actions.map((a) => actionText(workflow, a)), ''];
}

function outputsTable(outputs: Readonly<Record<string, string>> | undefined): string[] {
  const entries = Object.entries(outputs ?? {});
  if (entries.length === 0) return [];
  return [
    '| Output | Value |',
    '| --- | --- |',
    ...entries.map(([name, value]) => `| \`${name}\` | ${valueHtml(value)} |`),
    '',
  ];
}

function inputsSection(workflow: ArazzoWorkflow): string[] {
  const properties = Object.entries(workflow.inputs?.properties ?? {});
  if (properties.length === 0) return [];
  const required = new Set(workflow.inputs?.required ?? []);
  return [
    '### Inputs',
    '',
    '| Input | Type | Default | Description |',
    '| --- | --- | --- | --- |',
    ...properties.map(
      ([name, p]) =>
        `| \`${name}\` | ${p.type ?? 'any'}${required.has(name) ? ' (required)' : ''} | ${p.default === undefined ? '' : valueHtml(p.default)} | ${cellText(p.description ?? '')} |`,
    ),
    '',
  ];
}

function stepSection(
  file: WorkflowFile,
  workflow: ArazzoWorkflow,
  step: ArazzoStep,
  index: number,
  operations: readonly ReferenceOperation[],
): string[] {
  return [
    `### ${index + 1}. \`${step.stepId}\` {#${stepAnchor(workflow, step.stepId)}}`,
    '',
    ...(step.description ? [descriptionText(step.description, file), ''] : []),
    stepTarget(file, step, operations),
    '',
    ...parametersTable(step.parameters),
    ...requestBodySection(step),
    ...criteriaList('Success criteria', step.successCriteria),
    ...actionsList('On success', workflow, step.onSuccess),
    ...actionsList('On failure', workflow, step.onFailure),
    ...(step.outputs ? ['**Outputs**:', '', ...outputsTable(step.outputs)] : []),
  ];
}

function workflowSection(
  file: WorkflowFile,
  workflow: ArazzoWorkflow,
  operations: readonly ReferenceOperation[],
): string[] {
  const everyStep = workflow.parameters?.length
    ? ['Every step that calls an operation sends:', '', ...parametersTable(workflow.parameters)]
    : [];
  return [
    `## \`${workflow.workflowId}\` {#${workflow.workflowId}}`,
    '',
    ...[workflow.summary, workflow.description]
      .filter((text): text is string => Boolean(text))
      .flatMap((text) => [descriptionText(text, file), '']),
    ...inputsSection(workflow),
    ...everyStep,
    ...workflow.steps.flatMap((step, i) => stepSection(file, workflow, step, i, operations)),
    ...(workflow.outputs ? ['### Outputs', '', ...outputsTable(workflow.outputs)] : []),
  ];
}

/** A fence longer than any run of backticks in the text it holds. */
function fenceFor(text: string): string {
  return '`'.repeat(Math.max(3, ...[...text.matchAll(/`+/g)].map((m) => m[0].length + 1)));
}

/**
 * The page of one workflow file: what it is for, each workflow's inputs, its steps (each with the
 * operation it calls, linked to that operation's page, what it sends, its success criteria, what it
 * does next and what it keeps) and outputs, and the file itself.
 */
export function workflowPage(file: WorkflowFile, operations: readonly ReferenceOperation[]): string {
  const { info } = file.document;
  const fence = fenceFor(file.source);
  return [
    `# ${cellText(info.title)}`,
    '',
    ...(info.summary ? [descriptionText(info.summary, file), ''] : []),
    ...(info.description ? [descriptionText(info.description, file), ''] : []),
    `An [Arazzo ${file.document.arazzo}](https://spec.openapis.org/arazzo/v${file.document.arazzo}.html) workflow, \`docs/workflows/${file.file}\`: the docs' tests run it with Redocly Respect against a started sandbox, which checks every step's success criteria and each answer against the OpenAPI document.`,
    '',
    ...file.document.workflows.flatMap((workflow) => workflowSection(file, workflow, operations)),
    '## Source',
    '',
    `::: details ${file.file}`,
    '',
    `${fence}txt`,
    file.source.trimEnd(),
    fence,
    '',
    ':::',
    '',
  ].join('\n');
}
