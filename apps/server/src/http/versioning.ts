import { type EndpointDefinition, endpointList, endpoints } from '@org/model';
import { ApiError } from '../core/api-error.js';
import type { ServedRoute } from './register-routes.js';

const CURRENT = endpoints.listConversations.path.split('/')[3]; // "v3"

/** `/api/um/v2/{resource}/` -> `/api/um/v2`: where a retired version's paths begin. */
function versionRootOf(ep: EndpointDefinition): string {
  return ep.path.split('/').slice(0, 4).join('/');
}

/**
 * The retired versions of the endpoint table (those counted by no rate limit): every path of one
 * answers 410 gone for every method, naming the current version. The whole version is gone, so a
 * 404 or 405 would mislead; the table's entry documents it, the route takes all of it.
 */
export function retiredRoutes(methods: readonly string[]): ServedRoute[] {
  return endpointList()
    .filter(([, ep]) => ep.group === null)
    .map(([, ep]) => {
      const root = versionRootOf(ep);
      const version = root.split('/').at(-1)!;
      return {
        endpoint: ep,
        route: { methods, urls: [`${root}/*`, root] },
        answerRequest: async function answerRetiredPath(request) {
          // A path below the root has a v3 twin; the root itself names the version only.
          throw new ApiError(
            'gone',
            request.routeOptions.url === root
              ? `API ${version} was disabled in February 2023; use /api/um/${CURRENT}/.`
              : `API ${version} was disabled in February 2023; use /api/um/${CURRENT}/ (same paths, PATCH bodies without a wrapper object).`,
          );
        },
      };
    });
}
