/** The part of pngjs (a root dev dependency, without types of its own) the image tests use: decoding a PNG. */
declare module 'pngjs' {
  export const PNG: {
    sync: { read(bytes: Buffer): { width: number; height: number; data: Buffer } }
  }
}
