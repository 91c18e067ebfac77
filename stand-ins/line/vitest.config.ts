import { baseTestConfig } from '@city/vitest-config';

export default baseTestConfig;
