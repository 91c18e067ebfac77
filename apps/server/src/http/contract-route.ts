// Routes come from the one contract (@city/api-client/contract): method, path and schemas are read
// from `endpoints`, so the server never spells a path twice and never drifts from the client.
import { ErrorBodySchema } from '@city/api-client/contract';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler, RouteHandlerMethod } from 'fastify';
import type { Static, TSchema } from 'typebox';
import { Type } from 'typebox';

/** What the contract says of one endpoint (an entry of `endpoints`). */
export interface ContractEndpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: TSchema;
  body?: TSchema;
  headers?: TSchema;
  params?: TSchema;
  response?: TSchema;
}

type Part<Endpoint, Key extends string> = Endpoint extends Record<Key, infer Schema extends TSchema> ? Static<Schema> : unknown;

/** A request to this endpoint, typed from its schemas (already validated when the handler runs). */
export type ContractRequest<Endpoint> = FastifyRequest<{
  Querystring: Part<Endpoint, 'query'>;
  Body: Part<Endpoint, 'body'>;
  Headers: Part<Endpoint, 'headers'>;
  Params: Part<Endpoint, 'params'>;
}>;

/** What the handler answers: the contract's response, or the reply it sent itself. */
export type ContractResponse<Endpoint> = Promise<Part<Endpoint, 'response'> | FastifyReply>;

export interface ContractRouteOptions {
  /** Runs before the body is read, after the plugin's own hooks (authentication). */
  onRequest?: onRequestAsyncHookHandler;
  /** Per-route settings of plugins, e.g. `{ rateLimit: { max, timeWindow } }`. */
  config?: FastifyContextConfig;
  bodyLimit?: number;
  /** The status of a success: 200, or 201 for something created. */
  successStatus?: 200 | 201;
  /**
   * Hand a request that fails validation to the handler (`request.validationError`) instead of
   * answering 400 `invalid_request`, for a route whose caller needs a more precise code.
   */
  attachValidation?: boolean;
  /**
   * `false`: the answer is never compressed. For small answers on the busiest routes (a
   * submission's few hundred bytes), where even the compression hook's check costs more than it saves.
   */
  compress?: false;
}

/** The error responses every route may give, in the one error format. */
const errorResponses = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema } as const;

/**
 * Registers the route of one contract endpoint: its method and path, and its query, body, header
 * and parameter schemas for validation (unknown properties refused) and response schemas.
 *
 * @example
 * ```ts
 * contractRoute(app, endpoints.getSurveyConfig, {}, async (request) => ({ data: await findSurvey(request.query.surveyId) }));
 * ```
 */
export function contractRoute<Endpoint extends ContractEndpoint>(
  app: FastifyInstance,
  endpoint: Endpoint,
  options: ContractRouteOptions,
  handler: (request: ContractRequest<Endpoint>, reply: FastifyReply) => ContractResponse<Endpoint>,
): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      ...(endpoint.query === undefined ? {} : { querystring: endpoint.query }),
      ...(endpoint.body === undefined ? {} : { body: endpoint.body }),
      ...(endpoint.headers === undefined ? {} : { headers: endpoint.headers }),
      ...(endpoint.params === undefined ? {} : { params: endpoint.params }),
      // No response schema (a file's bytes): sent as it is, never serialized.
      response: { [options.successStatus ?? 200]: endpoint.response ?? Type.Unknown(), ...errorResponses },
    },
    ...(options.onRequest === undefined ? {} : { onRequest: options.onRequest }),
    ...(options.config === undefined ? {} : { config: options.config }),
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    ...(options.compress === undefined ? {} : { compress: options.compress }),
    ...(options.attachValidation === undefined ? {} : { attachValidation: options.attachValidation }),
    // The request's types are the contract's, checked by the validator before the handler runs.
    handler: (options.successStatus === undefined
      ? handler
      : async (request: ContractRequest<Endpoint>, reply: FastifyReply) => {
          reply.status(options.successStatus ?? 200);
          return handler(request, reply);
        }) as unknown as RouteHandlerMethod,
  });
}
