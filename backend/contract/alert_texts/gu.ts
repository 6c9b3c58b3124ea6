/* The owner's alert texts in Gujarati (ગુજરાતી): translated from en.ts. */
import type { AlertTexts } from './en.js'

const gu: AlertTexts = {
  feedbackTemplate: 'નવું {{1}}-સ્ટાર ખાનગી રેટિંગ, {{2}} માટે, {{3}} તરફથી: "{{4}}"',
  googleReviewTemplate: 'નવો {{1}}-સ્ટાર Google રિવ્યૂ, {{2}} માટે, {{3}} તરફથી: "{{4}}"',
  summaryTemplate: 'તમારો {{1}} રિપોર્ટ, {{2}}: {{3}} રેટિંગ, સરેરાશ {{4}}, {{5}} ખાનગી પ્રતિભાવ વાંચવાના બાકી છે.',
  daily: 'દૈનિક',
  weekly: 'સાપ્તાહિક',

  callBackButton: 'પાછો કૉલ કરો',
  markResolvedButton: 'ઉકેલાઈ ગયું',
  openButton: 'ખોલો',
  draftReplyButton: 'જવાબ તૈયાર કરો',
  postReplyButton: 'જવાબ પોસ્ટ કરો',
  editInAppButton: 'ઍપમાં બદલો',

  feedbackTitle: '{{business}} માટે {{stars}}★ ખાનગી રેટિંગ',
  googleReviewTitle: '{{business}} માટે {{stars}}★ Google રિવ્યૂ',
  dailyTitle: '{{business}} નો દૈનિક રિપોર્ટ',
  weeklyTitle: '{{business}} નો સાપ્તાહિક રિપોર્ટ',
  summaryBody: '{{ratings}} રેટિંગ, સરેરાશ {{average}}, {{toRead}} ખાનગી પ્રતિભાવ વાંચવાના બાકી છે.',
  aCustomer: 'એક ગ્રાહક',
  askedToBeCalledBack: 'પાછો કૉલ કરવા કહ્યું',
  noComment: 'કોઈ ટિપ્પણી નથી',
  aGoogleUser: 'એક Google યુઝર',
  noText: 'કંઈ લખ્યું નથી',

  calledBack: '{{name}} ને {{phone}} પર કૉલ કરો: {{tel}}\n\nઅથવા WhatsApp પર લખો, તેમની ભાષામાં માફીનો મેસેજ તૈયાર છે, બસ મોકલી દો:\n{{waLink}}',
  theCustomer: 'ગ્રાહક',
  noPhone: '{{name}} એ કોઈ મોબાઇલ નંબર આપ્યો નથી, એટલે પાછો કૉલ કરી શકાય તેમ નથી. પ્રતિભાવ: {{link}}',
  thisCustomer: 'આ ગ્રાહક',
  resolved: '"ઉકેલાઈ ગયું" તરીકે માર્ક કર્યું. પ્રતિભાવ: {{link}}',
  suggestedReply: 'સૂચવેલો જવાબ:',
  changeFirst: 'અથવા પહેલાં તેમાં ફેરફાર કરો:',
  posted: 'Google પર પોસ્ટ થઈ ગયું. રિવ્યૂ: {{link}}',
  failed: '{{reason}} કંઈ કરવામાં આવ્યું નથી.',
  notAllowed: '{{workspace}} માં તમારી ભૂમિકાને આની મંજૂરી નથી, એટલે કંઈ કરવામાં આવ્યું નથી.',
  notOurs: 'આ બટન ReviewRoute ના એલર્ટનું નથી, એટલે કંઈ કરવામાં આવ્યું નથી.',
  otherNumber: 'આ એલર્ટ બીજા WhatsApp નંબર પર મોકલાયો હતો. જે સભ્યને મોકલાયો હતો, ફક્ત તે જ પોતાના નંબર પરથી તેના પર કાર્યવાહી કરી શકે છે.',
  gone: 'આ એલર્ટ જેના વિશે છે, તે હવે ReviewRoute પર નથી, એટલે કંઈ કરવામાં આવ્યું નથી.',
  noLongerMember: 'તમે હવે ReviewRoute પર {{workspace}} ના સભ્ય નથી, એટલે આ એલર્ટ પર હવે કાર્યવાહી થઈ શકશે નહીં.',
  stopped: 'આ નંબર માટે WhatsApp એલર્ટ બંધ છે. ફરી ચાલુ કરવા "Profile" માં "Notifications" પર જાઓ.',
  help: 'આ નંબર પરથી તમારા ReviewRoute એલર્ટ આવે છે. એલર્ટ પર કાર્યવાહી કરવા તેના બટન પર ટૅપ કરો, અથવા ઍપ ખોલો: {{link}}',
  noDraft: 'પોસ્ટ કરવા માટે હજુ કોઈ ડ્રાફ્ટ નથી. પહેલાં એલર્ટ પર "જવાબ તૈયાર કરો" પર ટૅપ કરો.',
  answeredMeanwhile: 'દરમિયાન આ રિવ્યૂનો જવાબ અપાઈ ગયો, એટલે ડ્રાફ્ટ પોસ્ટ કર્યો નથી. જવાબ બદલવા ઍપ ખોલો: {{link}}',
  noTemplate: 'AI ડ્રાફ્ટ સેટ કરેલા નથી, અને આ રિવ્યૂના સ્ટાર માટે જવાબનો કોઈ ટેમ્પ્લેટ પણ નથી. ઍપમાં જવાબ લખો: {{link}}',
  alreadyCalledBack: 'પાછો કૉલ કરવાની વિગતો ઉપર મોકલી દીધી છે.',
  alreadyResolved: 'આ પ્રતિભાવ પહેલેથી જ "ઉકેલાઈ ગયું" તરીકે માર્ક કરેલો છે.',
  alreadyDrafted: 'એક ડ્રાફ્ટ ઉપર મોકલી દીધો છે. તેની નીચે "જવાબ પોસ્ટ કરો" પર ટૅપ કરો, અથવા ઍપમાં તેમાં ફેરફાર કરો.',
  alreadyPosted: 'આ જવાબ પહેલેથી જ Google પર પોસ્ટ થઈ ગયો છે.',
}

export default gu
