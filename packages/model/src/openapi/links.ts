import * as z from 'zod/v4';
import { type EndpointDefinition, type EndpointId, endpointList } from '../endpoints/index.js';
import { RESOURCES, type ResourceDefinition, type ResourceKey, resourceList } from '../resources.js';

/**
 * OpenAPI links: what a response yields that another operation takes. Derived from the registry of
 * resources and the endpoint table, never written per operation: a record, or the first item of a
 * page, of a resource yields its id to the operations on one record of that resource
 * (`/notes/{id}/...`), the id of the record it belongs to (its parent's id field) to the operations
 * on that record and to the lists filtered by it, and its own id to the lists and creations of its
 * children that name it. Stateful tools (Schemathesis, the contracts' fuzzer) walk them.
 */

export interface OpenApiLink {
  operationId: EndpointId;
  parameters?: Record<string, string>;
  requestBody?: Record<string, string>;
  description: string;
}

/** The operations of a document's table links may lead to: the API's v3 operations. */
type Table = ReadonlyArray<readonly [string, EndpointDefinition]>;
const v3EndpointsOf = (table: Table) =>
  table.filter(([, ep]) => ep.group !== null && ep.metric === undefined) as Array<
    [EndpointId, EndpointDefinition]
  >;

/** The schema a dotted path of an object schema leads to (`contact.id`); undefined where a step is missing. */
function fieldSchemaAt(schema: z.ZodType, dotted: string): z.ZodType | undefined {
  let at: z.ZodType | undefined = schema;
  for (const step of dotted.split('.')) {
    while (at instanceof z.ZodOptional || at instanceof z.ZodNullable) at = at.unwrap() as z.ZodType;
    at = at instanceof z.ZodObject ? (at.shape[step] as z.ZodType | undefined) : undefined;
  }
  return at;
}

/** A runtime expression for a dotted field below a JSON pointer of the response body. */
function bodyAt(pointer: string, dotted: string): string {
  return `$response.body#${pointer}/${dotted.split('.').join('/')}`;
}

/** The record a success body holds and where: itself, or the first item of a page (`/results/0`). */
function yieldedRecordOf(schema: z.ZodType): { record: z.ZodType; pointer: string } {
  const results = schema instanceof z.ZodObject ? schema.shape.results : undefined;
  return results instanceof z.ZodArray
    ? { record: results.element as z.ZodType, pointer: '/results/0' }
    : { record: schema, pointer: '' };
}

/** The resource an endpoint's success body holds records of: the last resource segment of its path. */
function resourceServedBy(ep: EndpointDefinition): [ResourceKey, ResourceDefinition] | undefined {
  const segments = ep.path.split('/').filter((s) => s && !s.startsWith('{'));
  for (const segment of segments.reverse()) {
    const found = resourceList().find(([, r]) => r.segment === segment && ep.path.startsWith(`${r.base}/`));
    if (found) return found;
  }
  return undefined;
}

/** The operations on one record of a resource: `<base>/<segment>/{id}/` and what lies below it. */
function oneRecordOperations(
  table: Table,
  resource: ResourceDefinition,
): Array<[EndpointId, EndpointDefinition]> {
  const prefix = `${resource.base}/${resource.segment}/{id}/`;
  return v3EndpointsOf(table).filter(([, ep]) => ep.path.startsWith(prefix));
}

/** The operations on a resource's collection path (its lists, creations and bulk operations). */
function collectionOperations(
  table: Table,
  resource: ResourceDefinition,
): Array<[EndpointId, EndpointDefinition]> {
  const collection = `${resource.base}/${resource.segment}/`;
  return v3EndpointsOf(table).filter(([, ep]) => ep.path.startsWith(collection) && !ep.path.includes('{'));
}

function takesQuery(ep: EndpointDefinition, name: string): boolean {
  return ep.method === 'GET' && ep.query instanceof z.ZodObject && name in ep.query.shape;
}

function takesBodyField(ep: EndpointDefinition, name: string): boolean {
  return ep.method === 'POST' && ep.body !== undefined && fieldSchemaAt(ep.body, name) !== undefined;
}

/** Links to the operations on one record, its id at a field of the body. */
function toOneRecord(
  table: Table,
  target: ResourceDefinition,
  idAt: string,
  why: string,
): Array<[string, OpenApiLink]> {
  return oneRecordOperations(table, target).map(([id]) => [
    id,
    { operationId: id, parameters: { id: idAt }, description: why },
  ]);
}

/** Links to the lists of a resource filtered by the record a field names, and to its creations that take it. */
function toRecordsNaming(table: Table, child: ResourceDefinition, field: string, idAt: string, why: string) {
  return collectionOperations(table, child).flatMap(([id, ep]): Array<[string, OpenApiLink]> => {
    if (takesQuery(ep, field))
      return [[id, { operationId: id, parameters: { [field]: idAt }, description: why }]];
    if (takesBodyField(ep, field))
      return [[id, { operationId: id, requestBody: { [field]: idAt }, description: why }]];
    return [];
  });
}

/**
 * The links of one success response of an endpoint, by name (the target's operationId), to the
 * operations of its document's table (the API's unless told).
 */
export function linksOf(
  sourceId: EndpointId,
  ep: EndpointDefinition,
  schema: z.ZodType,
  table: Table = endpointList(),
): Record<string, OpenApiLink> {
  const served = resourceServedBy(ep);
  if (!served || ep.metric !== undefined) return {};
  const [key, resource] = served;
  const { record, pointer } = yieldedRecordOf(schema);
  if (!fieldSchemaAt(record, 'id')) return {};
  const name = key.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`);
  const links: Array<[string, OpenApiLink]> = [
    ...toOneRecord(table, resource, bodyAt(pointer, 'id'), `The ${name} record's id`),
  ];
  const parent = resource.parent;
  if (parent && fieldSchemaAt(record, parent.idField)) {
    const idAt = bodyAt(pointer, parent.idField);
    const parentResource: ResourceDefinition = RESOURCES[parent.resource as ResourceKey];
    links.push(
      ...toOneRecord(table, parentResource, idAt, `The id of the record it belongs to (${parent.idField}).`),
    );
    if (parentResource.idName)
      links.push(
        ...toRecordsNaming(
          table,
          resource,
          parentResource.idName,
          idAt,
          `Records of the same ${parentResource.idName}.`,
        ),
      );
  }
  if (resource.idName)
    for (const [, child] of resourceList())
      if (child.parent?.resource === key)
        links.push(
          ...toRecordsNaming(
            table,
            child,
            resource.idName,
            bodyAt(pointer, 'id'),
            `Records that name it (${resource.idName}).`,
          ),
        );
  return Object.fromEntries(links.filter(([target]) => target !== sourceId));
}
