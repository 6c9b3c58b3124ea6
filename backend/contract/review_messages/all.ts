/*
 * All nine languages at once, for the server, which renders the customer page in whichever one it picks. The
 * browser bundles never import this: a page carries its own language's strings inline (docs/decisions.md D31).
 */
import type { ReviewLanguage, ReviewMessages } from './index.js'
import en from './en.js'
import hi from './hi.js'
import bn from './bn.js'
import mr from './mr.js'
import te from './te.js'
import ta from './ta.js'
import gu from './gu.js'
import kn from './kn.js'
import ml from './ml.js'

export const REVIEW_MESSAGES: Record<ReviewLanguage, ReviewMessages> = { en, hi, bn, mr, te, ta, gu, kn, ml }
