/** vitest's globalSetup for a browser suite: one Chromium for the run, its endpoint provided as `browserEndpoint`. */
export default function setup(project: { provide: (key: 'browserEndpoint', value: string) => void }): Promise<() => Promise<void>>;
