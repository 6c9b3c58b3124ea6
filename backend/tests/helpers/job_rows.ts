/*
 * What the job specs read back: a stored row by id, and how far a stored DATETIME is from the instant expected.
 */
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'

export const IST = 'Asia/Kolkata'

export const userRow = (id: number) => db.from('users').where('id', id).firstOrFail()
export const sessionRow = (id: number) => db.from('review_sessions').where('id', id).firstOrFail()
export const subscriptionRow = (id: number) => db.from('subscriptions').where('id', id).firstOrFail()

/** Seconds between a stored DATETIME and an expected instant. */
export const secondsApart = (stored: Date, expected: DateTime) => Math.abs(DateTime.fromJSDate(stored).diff(expected, 'seconds').seconds)
