import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ValidationResult } from '@pactflow/swagger-mock-validator';
import type { OpenApiDocument } from '../document/openapi-document.js';
import type { OpenApiFinding } from './findings.js';
import type { PactInteraction } from './pact-exchanges.js';

/** The document paths whose template could match a request path (what the validator would consider). */
function candidatePaths(spec: OpenApiDocument, path: string): string[] {
  return Object.keys(spec.paths).filter((template) =>
    new RegExp(
      `^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}|\{\w+\}/g, '[^/]+')}$`,
    ).test(path),
  );
}

/** `$ref`s reachable from a value, followed transitively through the components. */
function reachableRefs(spec: OpenApiDocument, roots: unknown[]): Set<string> {
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
}

/** The document with only some paths, and only the components those paths reach. */
function reducedDocument(spec: OpenApiDocument, paths: string[]): OpenApiDocument {
  const kept = Object.fromEntries(paths.map((p) => [p, spec.paths[p]!]));
  const refs = reachableRefs(spec, [kept, (spec as { security?: unknown }).security]);
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
}

/**
 * A request finding of the validator on an interaction the pact expects to be refused (4xx): the
 * request is one the document rules out, and the refusal is what the document says (D82).
 */
function refusedAsDocumented(result: OpenApiFinding): boolean {
  return (
    result.code.startsWith('request.') &&
    result.status !== undefined &&
    result.status >= 400 &&
    result.status < 500
  );
}

/**
 * The cross-check of `checkPact`: @pactflow/swagger-mock-validator over the pact, when it is
 * installed (an optional peer: its install script fails a plain `npm install` when npm hoists its
 * ajv, D39).
 *
 * The validator compiles schemas against the whole document for every interaction, which costs
 * ~0.2 s each with this document. Interactions are therefore checked in groups against the
 * document reduced to the paths their request path could match (every candidate the validator
 * would consider) and the components those paths reach, which gives the same verdicts many times
 * faster.
 */
export async function swaggerMockValidatorFindings(
  pact: { readonly interactions: readonly PactInteraction[] },
  spec: OpenApiDocument,
  options: { readonly requireAllProperties?: boolean },
): Promise<{ errors: OpenApiFinding[]; warnings: OpenApiFinding[] }> {
  const validator = await import('@pactflow/swagger-mock-validator').catch((error: unknown) => {
    throw new Error(
      `--cross-check needs @pactflow/swagger-mock-validator: npm install --save-dev @pactflow/swagger-mock-validator (${(error as Error).message})`,
    );
  });
  const { SwaggerMockValidatorFactory } =
    'SwaggerMockValidatorFactory' in validator
      ? validator
      : (validator as { default: typeof validator }).default;
  const groups = new Map<string, PactInteraction[]>();
  for (const interaction of pact.interactions) {
    const key = candidatePaths(spec, interaction.request?.path ?? '').join('\n');
    groups.set(key, [...(groups.get(key) ?? []), interaction]);
  }
  const statusOf = new Map(pact.interactions.map((i) => [i.description, i.response?.status]));
  const finding = (r: ValidationResult): OpenApiFinding => {
    const interaction = r.mockDetails?.interactionDescription ?? '';
    return {
      code: r.code,
      message: r.message,
      interaction,
      status: statusOf.get(interaction),
      source: 'swagger-mock-validator',
    };
  };
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
      errors.push(...outcome.errors.map(finding).filter((f) => !refusedAsDocumented(f)));
      warnings.push(...outcome.warnings.map(finding).filter((f) => !refusedAsDocumented(f)));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { errors, warnings };
}
