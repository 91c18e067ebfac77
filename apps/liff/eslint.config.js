import { apart, importBoundaries, subfolders } from '@city/eslint-config/boundaries';
import react from '@city/eslint-config/react';
import { fileURLToPath } from 'node:url';

const packageDir = fileURLToPath(new URL('.', import.meta.url));
// The shared lower layer: state and server data every feature uses, app-wide components, helpers,
// settings and texts. It knows no feature, flow or app file.
const shared = ['./src/store', './src/components', './src/lib', './src/config', './src/messages.ts'];

export default [
  ...react,
  ...importBoundaries(packageDir, [
    // Every folder in src/features is a feature of its own, a new one included.
    ...apart(
      subfolders(packageDir, 'src/features'),
      (room) => room,
      'A feature does not import another feature: move what both need down into src/store, src/components or src/lib, or coordinate them in src/flows.',
    ),
    {
      target: './src/features',
      from: ['./src/flows', './src/app', './src/main.tsx'],
      message: 'A feature imports no flow and no app file: flows use features, never the other way round.',
    },
    { target: './src/flows', from: ['./src/app', './src/main.tsx'], message: 'A flow imports no app file: src/app puts flows and features together.' },
    {
      target: shared,
      from: ['./src/features', './src/flows', './src/app', './src/main.tsx'],
      message: 'The shared layer (store, components, lib, config) imports no feature, flow or app file.',
    },
  ]),
];
