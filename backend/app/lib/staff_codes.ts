import { randomInt } from 'node:crypto'
import { SHORT_URL_ALPHABET } from '#lib/constants'

/** Whether a value looks like a staff code (as the address `?s=` or a form's `staff` carries it). */
export const isStaffCode = (code: unknown): code is string => typeof code === 'string' && /^[A-Za-z0-9]{1,16}$/.test(code)

/** A staff member's code: 4 characters without look-alikes, unique within the business. */
export const newStaffCode = () => Array.from({ length: 4 }, () => SHORT_URL_ALPHABET[randomInt(SHORT_URL_ALPHABET.length)]).join('')
