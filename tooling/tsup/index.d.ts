import type { Options } from 'tsup';

export declare function libraryBuild(options?: { external?: string[] }): Options;
