declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    smsOutbox: string;
  }
}
export {};
