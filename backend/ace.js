/*
 * Entry point for ace commands: registers the TypeScript loader, then boots bin/console.ts.
 */
import 'ts-node-maintained/register/esm'
await import('./bin/console.js')
