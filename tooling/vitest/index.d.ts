import type { UserConfig } from 'vitest/config';

export declare const sourceCondition: '@city/source';
export declare const baseTestConfig: UserConfig;
export declare const jsdomTestConfig: UserConfig;
export declare const browserTestConfig: UserConfig;
