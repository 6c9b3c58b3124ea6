/*
 * The printed poster's own sentences in the customer page's nine languages (docs/product-rules.md#qr-poster). The
 * poster also prints the customer-page strings `posterScan` and `poweredBy` (review_messages/*); these are the
 * sentences only paper needs: the short link for whoever cannot scan, and that the rating happens on the phone,
 * since printed stars cannot be tapped. Short and plain, like the customer page.
 */
import type { ReviewLanguage } from './review_messages/index.js'

export interface PosterMessages {
  /** Above the printed short link, for a phone that cannot scan the code. */
  typeLink: string
  /** Under the decorative row of stars: the rating itself is given on the phone. */
  rateOnPhone: string
}

export const POSTER_MESSAGES: Record<ReviewLanguage, PosterMessages> = {
  en: {
    typeLink: 'Or type this link in your browser:',
    rateOnPhone: 'Then rate your visit from 1 to 5 stars on your phone',
  },
  hi: {
    typeLink: 'या यह लिंक अपने ब्राउज़र में टाइप करें:',
    rateOnPhone: 'फिर अपने फ़ोन पर 1 से 5 स्टार देकर रेटिंग दें',
  },
  bn: {
    typeLink: 'অথবা এই লিঙ্কটি আপনার ব্রাউজারে টাইপ করুন:',
    rateOnPhone: 'তারপর আপনার ফোনে 1 থেকে 5 স্টার দিয়ে রেটিং দিন',
  },
  mr: {
    typeLink: 'किंवा ही लिंक तुमच्या ब्राउझरमध्ये टाइप करा:',
    rateOnPhone: 'मग तुमच्या फोनवर 1 ते 5 स्टार देऊन रेटिंग द्या',
  },
  te: {
    typeLink: 'లేదా ఈ లింక్‌ను మీ బ్రౌజర్‌లో టైప్ చేయండి:',
    rateOnPhone: 'తర్వాత మీ ఫోన్‌లో 1 నుంచి 5 స్టార్లతో రేటింగ్ ఇవ్వండి',
  },
  ta: {
    typeLink: 'அல்லது இந்த லிங்கை உங்கள் பிரவுசரில் டைப் செய்யவும்:',
    rateOnPhone: 'பிறகு உங்கள் போனில் 1 முதல் 5 நட்சத்திரங்கள் வரை மதிப்பீடு கொடுங்கள்',
  },
  gu: {
    typeLink: 'અથવા આ લિંક તમારા બ્રાઉઝરમાં ટાઇપ કરો:',
    rateOnPhone: 'પછી તમારા ફોન પર 1 થી 5 સ્ટાર આપીને રેટિંગ આપો',
  },
  kn: {
    typeLink: 'ಅಥವಾ ಈ ಲಿಂಕ್ ಅನ್ನು ನಿಮ್ಮ ಬ್ರೌಸರ್‌ನಲ್ಲಿ ಟೈಪ್ ಮಾಡಿ:',
    rateOnPhone: 'ನಂತರ ನಿಮ್ಮ ಫೋನ್‌ನಲ್ಲಿ 1 ರಿಂದ 5 ಸ್ಟಾರ್‌ಗಳ ರೇಟಿಂಗ್ ನೀಡಿ',
  },
  ml: {
    typeLink: 'അല്ലെങ്കിൽ ഈ ലിങ്ക് നിങ്ങളുടെ ബ്രൗസറിൽ ടൈപ്പ് ചെയ്യൂ:',
    rateOnPhone: 'എന്നിട്ട് നിങ്ങളുടെ ഫോണിൽ 1 മുതൽ 5 വരെ സ്റ്റാർ നൽകി റേറ്റ് ചെയ്യൂ',
  },
}

/** The language under English on a poster when the business pins none: the most widely read after it. */
export const SECOND_POSTER_LANGUAGE: ReviewLanguage = 'hi'

/**
 * The languages a poster prints, first to last: the pinned one alone; with no pin, English with Hindi under it,
 * since the customers' phones are not known when the poster is printed.
 */
export const posterLanguages = (pinned: ReviewLanguage | null): ReviewLanguage[] =>
  pinned === null ? ['en', SECOND_POSTER_LANGUAGE] : [pinned]
