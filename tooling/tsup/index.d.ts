import type { Options } from 'tsup';

export declare function libraryBuild(options?: {
  entry?: Record<string, string>;
  external?: string[];
}): Options;

export declare function nodeBuild(options: { entry: Record<string, string> }): Options;
