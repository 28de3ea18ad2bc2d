import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ValidationResult } from '@pactflow/swagger-mock-validator';

export interface OpenApiFinding {
  readonly code: string;
  readonly message: string;
  readonly interaction: string;
  readonly status: number | undefined;
}

export interface OpenApiCheck {
  readonly interactions: number;
  readonly errors: OpenApiFinding[];
  readonly warnings: OpenApiFinding[];
}

interface PactInteraction {
  description: string;
  request: { path: string };
  response: { status: number };
}

interface OpenApiDocument {
  paths: Record<string, unknown>;
  [key: string]: unknown;
}

/** The document paths whose template could match a request path (what the validator would consider). */
const candidatePaths = (spec: OpenApiDocument, path: string): string[] =>
  Object.keys(spec.paths).filter((template) =>
    new RegExp(
      `^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}|\{\w+\}/g, '[^/]+')}$`,
    ).test(path),
  );

/** `$ref`s reachable from a value, followed transitively through the components. */
const reachableRefs = (spec: OpenApiDocument, roots: unknown[]): Set<string> => {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const value = stack.pop();
    if (Array.isArray(value)) stack.push(...value);
    else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (key === '$ref' && typeof child === 'string' && !seen.has(child)) {
          seen.add(child);
          stack.push(
            child
              .slice(2)
              .split('/')
              .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], spec),
          );
        } else stack.push(child);
      }
    }
  }
  return seen;
};

/** The document with only some paths, and only the components those paths reach. */
const reducedDocument = (spec: OpenApiDocument, paths: string[]): OpenApiDocument => {
  const kept = Object.fromEntries(paths.map((p) => [p, spec.paths[p]]));
  const refs = reachableRefs(spec, [kept, spec.security]);
  const components = Object.fromEntries(
    Object.entries((spec.components ?? {}) as Record<string, Record<string, unknown>>).map(
      ([kind, entries]) => [
        kind,
        kind === 'securitySchemes'
          ? entries
          : Object.fromEntries(
              Object.entries(entries).filter(([name]) => refs.has(`#/components/${kind}/${name}`)),
            ),
      ],
    ),
  );
  return { ...spec, paths: kept, components };
};

/** A pact or an OpenAPI document: a file path, or the parsed JSON. */
export type JsonSource = string | object;

const readJson = <T>(source: JsonSource): T =>
  (typeof source === 'string' ? JSON.parse(readFileSync(source, 'utf8')) : structuredClone(source)) as T;

export interface CheckPactOptions {
  /** The OpenAPI 3.0 document (file or JSON); default: the one published with @org/model. */
  readonly openapi?: JsonSource;
  /**
   * Require every property the document marks required in each response body of the pact. Off by
   * default: a consumer's pact holds only the fields it reads (pick them with zod's `pick`). The
   * project's own pacts, which list whole records, turn it on.
   */
  readonly requireAllProperties?: boolean;
}

/**
 * Runs @pactflow/swagger-mock-validator over a pact: is every interaction allowed by the document?
 * Requests must be documented operations with valid parameters and bodies; response statuses must
 * be documented, and response bodies may not carry properties the document does not declare (nor,
 * with `requireAllProperties`, leave out required ones). Resolves with the findings; `errors` empty
 * means the pact is allowed.
 *
 * The validator compiles schemas against the whole document for every interaction, which costs
 * ~0.2 s each with this document. Interactions are therefore checked in groups against the
 * document reduced to the paths their request path could match (every candidate the validator
 * would consider) and the components those paths reach, which gives the same verdicts many times
 * faster.
 */
export async function checkPact(
  pactSource: JsonSource,
  options: CheckPactOptions = {},
): Promise<OpenApiCheck> {
  const pact = readJson<{ interactions?: PactInteraction[] }>(pactSource);
  const interactionsOfPact = pact.interactions ?? [];
  const spec = readJson<OpenApiDocument>(
    options.openapi ?? ((await import('@org/model/openapi')).openApiDocument() as object),
  );
  const groups = new Map<string, PactInteraction[]>();
  for (const interaction of interactionsOfPact) {
    const key = candidatePaths(spec, interaction.request.path).join('\n');
    groups.set(key, [...(groups.get(key) ?? []), interaction]);
  }
  const statusOf = new Map(interactionsOfPact.map((i) => [i.description, i.response.status]));
  const finding = (r: ValidationResult): OpenApiFinding => {
    const interaction = r.mockDetails?.interactionDescription ?? '';
    return { code: r.code, message: r.message, interaction, status: statusOf.get(interaction) };
  };
  // Loaded on use, and an optional peer: its postinstall (patch-package) fails a plain `npm install`
  // of a new project, so only the teams that check pacts install it.
  const validator = await import('@pactflow/swagger-mock-validator').catch((error: unknown) => {
    throw new Error(
      `checkPact needs @pactflow/swagger-mock-validator: npm install --save-dev @pactflow/swagger-mock-validator (${(error as Error).message})`,
    );
  });
  const { SwaggerMockValidatorFactory } =
    'SwaggerMockValidatorFactory' in validator
      ? validator
      : (validator as { default: typeof validator }).default;
  const dir = mkdtempSync(join(tmpdir(), 'org-openapi-check-'));
  const errors: OpenApiFinding[] = [];
  const warnings: OpenApiFinding[] = [];
  try {
    let n = 0;
    for (const [key, interactions] of groups) {
      const paths = key ? key.split('\n') : [];
      const mock = join(dir, `pact-${n}.json`);
      const doc = join(dir, `openapi-${n++}.json`);
      writeFileSync(mock, JSON.stringify({ ...pact, interactions }));
      writeFileSync(doc, JSON.stringify(reducedDocument(spec, paths)));
      const outcome = await SwaggerMockValidatorFactory.create().validate({
        mockPathOrUrl: mock,
        specPathOrUrl: doc,
        // A response body may not carry properties the document does not declare.
        additionalPropertiesInResponse: 'false',
        requiredPropertiesInResponse: options.requireAllProperties ? 'true' : 'false',
      });
      errors.push(...outcome.errors.map(finding));
      warnings.push(...outcome.warnings.map(finding));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { interactions: interactionsOfPact.length, errors, warnings };
}

/** One line per finding, then a summary line. */
export function formatPactCheck(check: OpenApiCheck): string {
  return [
    ...check.errors.map((f) => `error   ${f.code} ${f.interaction}: ${f.message}`),
    ...check.warnings.map((f) => `warning ${f.code} ${f.interaction}: ${f.message}`),
    `${check.interactions} interactions: ${check.errors.length} errors, ${check.warnings.length} warnings`,
  ].join('\n');
}
