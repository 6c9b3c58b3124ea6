import app from '@adonisjs/core/services/app'
import { defineConfig, drivers } from '@adonisjs/core/hash'

// scrypt is built into Node: no native addon to compile. Tests use a cheaper cost so factories stay fast.
const hashConfig = defineConfig({
  default: 'scrypt',
  list: {
    scrypt: drivers.scrypt({ cost: app.inTest ? 1024 : 16384, blockSize: 8, parallelization: 1, maxMemory: 33554432 }),
  },
})

export default hashConfig

declare module '@adonisjs/core/types' {
  export interface HashersList extends InferHashers<typeof hashConfig> {}
}
