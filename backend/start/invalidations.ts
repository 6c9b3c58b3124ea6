/*
 * API replicas (and test runs) listen for the other processes' cache invalidations (app/hot_path/invalidations.ts,
 * docs/decisions.md D54); the worker subscribes in its own command.
 */
import app from '@adonisjs/core/services/app'
import { invalidations } from '#hot_path/invalidations'

invalidations.start()
app.terminating(() => invalidations.stop())
