import type { EndpointDefinition } from '@org/model';
import { permissionDenied } from '../api-error.js';
import type { AuthContext } from './authenticate.js';

/**
 * Admin may do everything; operator may read everything and write conversations, contacts and
 * notes, but may not delete anything nor change other operators; restricted may only read.
 * Checked before any action (spec section 5.4).
 */
export function assertCapability(auth: AuthContext, ep: EndpointDefinition, params: { id?: number }): void {
  const operator = auth.operator;
  if (!operator || operator.role === 'admin' || ep.method === 'GET') return;
  const who = `Operator ${operator.id} (role ${operator.role})`;
  if (operator.role === 'restricted')
    throw permissionDenied(`${who} may only read; this action is not allowed.`);
  if (ep.method === 'DELETE') throw permissionDenied(`${who} may not delete ${ep.group}.`);
  if (ep.group === 'operators' && params.id !== operator.id)
    throw permissionDenied(`${who} may not change other operators.`);
}
