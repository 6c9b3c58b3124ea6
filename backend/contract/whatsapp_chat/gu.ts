/* The WhatsApp chat's texts in Gujarati (ગુજરાતી): translated from en.ts. */
import type { ChatMessages } from './en.js'

const gu: ChatMessages = {
  templateBody:
    'નમસ્તે {{1}}, {{2}} ની મુલાકાત લેવા બદલ આભાર. તમારી મુલાકાત કેવી રહી? નીચે આપેલા કોઈ એક રેટિંગ પર ટૅપ કરો. તમે આ પેજ પર પણ રેટિંગ આપી શકો છો: {{3}}',
  templateFooter: 'વધુ મેસેજ ન જોઈતા હોય તો STOP અથવા બંધ લખીને મોકલો',
  rate5: '★★★★★ ઉત્તમ',
  rate4: '★★★★ સારું',
  rate3: '★★★ ઠીક છે',
  rate2: '★★ ખરાબ',
  rate1: '★ ખૂબ ખરાબ',
  stopButton: 'મેસેજ બંધ કરો',

  thanksGoogle: '{{business}} ને {{stars}} રેટિંગ આપવા બદલ આભાર! શું તમે તેને Google પર પણ શેર કરશો? તેમાં માત્ર એક મિનિટ લાગે છે અને ઘણી મદદ મળે છે.',
  postOnGoogle: 'Google પર પોસ્ટ કરો',
  askWhatWentWrong:
    'માફ કરશો, {{business}} માં તમારી મુલાકાત સારી ન રહી. શું બરાબર ન હતું? અહીં જ મેસેજ કે વૉઇસ નોટ મોકલીને જણાવો: તે ફક્ત {{business}} જ જોઈ શકશે.',
  offerPrivate: 'તમે {{business}} ને ખાનગીમાં પણ જણાવી શકો છો: અહીં જ મેસેજ કે વૉઇસ નોટ મોકલો.',
  callMeBack: 'મને પાછો કૉલ કરો',
  noThanks: 'ના, આભાર',
  callBackNoted: 'આભાર. {{business}} તમને આ જ નંબર પર પાછો કૉલ કરશે.',
  noThanksNoted: 'અમને જણાવવા બદલ આભાર.',
  feedbackReceived: 'આભાર, તમારો મેસેજ {{business}} સુધી પહોંચી ગયો છે.',
  alreadyRated: 'તમે {{business}} ને પહેલેથી જ રેટિંગ આપી દીધું છે. આભાર!',
  optedOut: 'હવે તમને {{business}} તરફથી કોઈ મેસેજ નહીં આવે. જો વિચાર બદલાય તો START લખીને મોકલો.',
}

export default gu
