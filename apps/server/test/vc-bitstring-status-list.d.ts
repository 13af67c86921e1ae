// The part of @digitalbazaar/vc-bitstring-status-list (which ships no types) that the tests use.
declare module '@digitalbazaar/vc-bitstring-status-list' {
  export interface BitstringStatusList {
    length: number;
    getStatus(index: number): boolean;
  }
  export function decodeList(options: { encodedList: string }): Promise<BitstringStatusList>;
  export function checkStatus(options: {
    credential: object;
    documentLoader: (url: string) => Promise<{ document: object }>;
    verifyBitstringStatusListCredential: boolean;
    verifyMatchingIssuers: boolean;
  }): Promise<{ verified: boolean; error?: Error; results?: { verified: boolean; status: boolean }[] }>;
}
