// The parts of jsonld and @digitalbazaar/credentials-context (which ship no types) that the tests use.
declare module 'jsonld' {
  export interface RemoteDocument {
    document: object;
    documentUrl: string;
    contextUrl: null;
  }
  const jsonld: {
    /** With `safe`, throws a ValidationError instead of dropping what no context defines. */
    expand(input: object, options: { documentLoader: (url: string) => Promise<RemoteDocument>; safe?: boolean }): Promise<Record<string, unknown>[]>;
  };
  export default jsonld;
}
declare module '@digitalbazaar/credentials-context' {
  /** The W3C Verifiable Credentials contexts (1.0, 2.0) by their URL. */
  export const contexts: Map<string, object>;
}
