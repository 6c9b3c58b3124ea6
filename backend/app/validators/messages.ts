/*
 * Field messages in plain words, shared by every validator. Texts the spec fixes are used as written.
 */
import { SimpleMessagesProvider } from '@vinejs/vine'
import { PHONE_LENGTH_MESSAGE } from '#contract/phone'

export const PHONE_MESSAGE = PHONE_LENGTH_MESSAGE
export const RATING_MESSAGE = 'Rating must be a whole number from 1 to 5'

export const messages = new SimpleMessagesProvider(
  {
    'required': 'The {{ field }} field is required',
    'string': 'The {{ field }} field must be text',
    'number': 'The {{ field }} field must be a number',
    'boolean': 'The {{ field }} field must be true or false',
    'email': 'Please enter a valid email address',
    'minLength': 'The {{ field }} field must have at least {{ min }} characters',
    'maxLength': 'The {{ field }} field must not be longer than {{ max }} characters',
    'in': 'The {{ field }} field must be one of: {{ choices }}',
    'enum': 'The {{ field }} field must be one of: {{ choices }}',
    'notNull': 'The {{ field }} field must not be null',
    'regex': 'The {{ field }} field format is invalid',
    'password.minLength': 'Password must be at least 8 characters',
    'firstName.minLength': 'Please enter your first name',
    'name.minLength': 'Please enter your name',
    ...Object.fromEntries(['required', 'string', 'maxLength'].map((rule) => [`phone.${rule}`, PHONE_MESSAGE])),
    ...Object.fromEntries(['required', 'number', 'withoutDecimals', 'range'].map((rule) => [`rating.${rule}`, RATING_MESSAGE])),
    'query.required': 'Business name is required',
    'query.minLength': 'Type at least 2 characters to search',
    'shortUrl.regex': 'Short URL may only use lowercase letters, digits and hyphens',
  },
  {
    firstName: 'first name',
    lastName: 'last name',
    placeId: 'place id',
    shortUrl: 'short URL',
    feedbackAlerts: 'feedback alerts',
    weeklySummary: 'weekly summary',
    googleReviewAlerts: 'Google review alerts',
    googleReviewAlertStars: 'Google reviews to hear of',
    alertLanguage: 'alert language',
  }
)
