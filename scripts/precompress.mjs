#!/usr/bin/env node
/*
 * Writes a .gz (and .br) next to every text asset of a build, so the server sends compressed files without
 * compressing on each request.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync, constants } from 'node:zlib'

const root = process.argv[2] ?? 'dist'
const TEXT = /\.(js|css|html|svg|json|txt|webmanifest)$/

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* files(path)
    else yield path
  }
}

let count = 0
for await (const file of files(root)) {
  if (!TEXT.test(file)) continue
  const content = await readFile(file)
  await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }))
  await writeFile(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
  count++
}
console.log(`precompressed ${count} files in ${root}`)
