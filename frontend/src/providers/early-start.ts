/* index.html's first script (see early-requests.ts): starts the first screen's API calls and chunk preloads. */
import { preloadFirstScreen, startEarlyRequests } from './early-requests'

startEarlyRequests()
preloadFirstScreen()
