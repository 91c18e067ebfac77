import type { Options } from 'tsup';

export declare function libraryBuild(options?: {
  entry?: Record<string, string>;
  external?: string[];
}): Options;
