// One declaration per endpoint: method, path, who may call it, and the schemas of its params, query, body
// and answers. The server registers routes from these objects and the client calls them through one typed
// function, so a path, a body or an answer is never written twice. Types only from zod here: this file
// adds nothing to a bundle.
import type { z } from 'zod';
import type { ActionOf, Feature } from '../permissions';

/** What an endpoint requires of its caller; the server checks it before anything else runs. */
export type EndpointAccess =
  /** Anyone, signed in or not (health, sign-in). */
  | { readonly kind: 'public' }
  /** A valid token of an active user; no market needed. */
  | { readonly kind: 'signed-in' }
  /** A role in the market of the Otc-Market header. */
  | { readonly kind: 'market' }
  /** A role in that market whose grants include the feature-action. */
  | { readonly kind: 'permission'; readonly feature: Feature; readonly action: string };

export const publicAccess = { kind: 'public' } as const;
export const signedIn = { kind: 'signed-in' } as const;
export const anyMarketRole = { kind: 'market' } as const;
export function requirePermission<F extends Feature>(feature: F, action: ActionOf<F>) {
  return { kind: 'permission', feature, action } as const;
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
type SuccessStatus = 200 | 201;
/**
 * The refusals an endpoint documents beyond those every endpoint of its access kind has (400 for a bad
 * request; 401 and 403 when signed in; 404 with path params; 429 when rate limited).
 */
export type ErrorStatus = 403 | 404 | 408 | 409 | 412 | 413 | 422 | 429 | 503;

type Schema = z.ZodType;

export type Endpoint = {
  /** Unique, camelCase: the name generated clients give the call. */
  readonly operationId: string;
  readonly method: HttpMethod;
  /** Under /api, with `{name}` for each path param. */
  readonly path: `/${string}`;
  readonly summary: string;
  readonly description?: string;
  readonly tag: string;
  readonly access: EndpointAccess;
  readonly params?: Schema;
  readonly query?: Schema;
  readonly body?: Schema;
  readonly responses: { readonly [status: number]: Schema };
  readonly errors?: readonly ErrorStatus[];
  /** Request headers the endpoint reads beyond Authorization and Otc-Market (documented, checked by the handler). */
  readonly headers?: Readonly<Record<string, string>>;
};

export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

type InputOf<S> = S extends Schema ? z.input<S> : never;
type OutputOf<S> = S extends Schema ? z.output<S> : never;
type SuccessKeys<E extends Endpoint> = Extract<keyof E['responses'], SuccessStatus>;

/** What a caller sends: params, query and body where the endpoint has them. */
export type EndpointInput<E extends Endpoint> = (E['params'] extends Schema ? { params: InputOf<E['params']> } : { params?: undefined }) &
  (E['query'] extends Schema ? { query?: InputOf<E['query']> } : { query?: undefined }) &
  (E['body'] extends Schema ? { body: InputOf<E['body']> } : { body?: undefined });

/** The answer a caller gets on success, as JSON carries it. */
export type EndpointAnswer<E extends Endpoint> = OutputOf<E['responses'][SuccessKeys<E>]>;

/** The parsed request a handler gets. */
export type EndpointRequest<E extends Endpoint> = {
  params: E['params'] extends Schema ? z.output<E['params']> : undefined;
  query: E['query'] extends Schema ? z.output<E['query']> : undefined;
  body: E['body'] extends Schema ? z.output<E['body']> : undefined;
};

/** What a handler may return for a success status: the answer before the schema serialises it. */
export type EndpointReply<E extends Endpoint> = InputOf<E['responses'][SuccessKeys<E>]>;

/** The URL path of a call, with each `{name}` replaced by its param, encoded. */
export function endpointPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new Error(`${path}: the path param ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}

/** The query string of a call: undefined and null are left out, lists are joined with commas. */
export function endpointQuery(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    search.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
