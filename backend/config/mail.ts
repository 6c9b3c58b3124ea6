import env from '#start/env'
import app from '@adonisjs/core/services/app'

export default {
  /** `file`: one JSON file per mail under `dir` (the default, readable in development and tests); `log`: the logger. */
  transport: env.get('MAIL_TRANSPORT'),
  dir: app.makePath(env.get('MAIL_DIR')),
  from: env.get('MAIL_FROM'),
}
