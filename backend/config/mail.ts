import env from '#start/env'
import { fromBackendRoot } from '#lib/paths'

export default {
  /** `file`: one JSON file per mail under `dir` (the default, readable in development and tests); `log`: the logger. */
  transport: env.get('MAIL_TRANSPORT'),
  dir: fromBackendRoot(env.get('MAIL_DIR')),
  from: env.get('MAIL_FROM'),
}
