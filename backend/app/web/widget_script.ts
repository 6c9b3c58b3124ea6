/*
 * The website widget's script (docs/decisions.md D49), built by the landing build into landing/dist/widget/widget.js.
 * Read once per process (again in development) and compressed once in memory, brotli and gzip, so each request
 * sends bytes already made. A missing build is not remembered: building landing later is enough.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import app from '@adonisjs/core/services/app'
import webConfig from '#config/web'

export interface WidgetScriptBytes {
  raw: Buffer
  br: Buffer
  gzip: Buffer
}

export class WidgetScript {
  #loaded: Promise<WidgetScriptBytes | null> | null = null

  constructor(public dir: string) {}

  get path() {
    return join(this.dir, 'widget', 'widget.js')
  }

  /** Reads from another build folder from now on (tests). */
  configure(dir: string) {
    this.dir = dir
    this.#loaded = null
  }

  async #read(): Promise<WidgetScriptBytes | null> {
    const raw = await readFile(this.path).catch(() => null)
    if (!raw) return null
    return {
      raw,
      br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(raw, { level: 9 }),
    }
  }

  /** The script's bytes, or null when landing is not built. */
  async bytes(): Promise<WidgetScriptBytes | null> {
    if (app.inDev) return this.#read()
    const pending = (this.#loaded ??= this.#read())
    const bytes = await pending
    if (!bytes && this.#loaded === pending) this.#loaded = null
    return bytes
  }
}

export const widgetScript = new WidgetScript(webConfig.landingDist)
