/*
 * Call-back on complaints (docs/decisions.md D31): the owner's Call and WhatsApp links for a customer who ticked
 * "contact me" after a 1-3 rating. One definition for the alert mails and the dashboard's inbox. The WhatsApp message
 * is in the complaint's own language (its script), else the customer's, else the business's (D65).
 */
import type { ReviewLanguage } from './review_messages/index.js'
import { fillParams } from './review_messages/fill_params.js'
import { scriptLanguage } from './text_language.js'

/** The opening line in each language: a greeting (the name follows it) and the rest, in the business's name. */
const CALL_BACK_MESSAGES: Record<ReviewLanguage, { greeting: string; text: string }> = {
  en: {
    greeting: 'Hello',
    text: 'this is {{business}}. Thank you for your feedback about your visit. We are sorry it was not better and would like to put it right.',
  },
  hi: {
    greeting: 'नमस्ते',
    text: 'हम {{business}} से बात कर रहे हैं। अपनी राय बताने के लिए धन्यवाद। हमें खेद है कि आपका अनुभव अच्छा नहीं रहा, और हम इसे ठीक करना चाहते हैं।',
  },
  bn: {
    greeting: 'নমস্কার',
    text: 'আমরা {{business}} থেকে বলছি। আপনার মতামতের জন্য ধন্যবাদ। আপনার অভিজ্ঞতা ভালো না হওয়ায় আমরা দুঃখিত, এবং আমরা বিষয়টি ঠিক করতে চাই।',
  },
  mr: {
    greeting: 'नमस्कार',
    text: 'आम्ही {{business}} मधून बोलत आहोत. आपला अभिप्राय दिल्याबद्दल धन्यवाद. आपला अनुभव चांगला नव्हता याबद्दल आम्ही दिलगीर आहोत, आणि आम्हाला ते सुधारायचे आहे.',
  },
  te: {
    greeting: 'నమస్కారం',
    text: 'మేము {{business}} నుండి మాట్లాడుతున్నాము. మీ అభిప్రాయానికి ధన్యవాదాలు. మీ అనుభవం బాగా లేనందుకు క్షమించండి, దాన్ని సరిదిద్దాలనుకుంటున్నాము.',
  },
  ta: {
    greeting: 'வணக்கம்',
    text: 'நாங்கள் {{business}} இலிருந்து பேசுகிறோம். உங்கள் கருத்துக்கு நன்றி. உங்கள் அனுபவம் சிறப்பாக இல்லாததற்கு வருந்துகிறோம், அதைச் சரிசெய்ய விரும்புகிறோம்.',
  },
  gu: {
    greeting: 'નમસ્તે',
    text: 'અમે {{business}} માંથી વાત કરીએ છીએ. તમારા પ્રતિભાવ બદલ આભાર. તમારો અનુભવ સારો ન રહ્યો તે બદલ અમે દિલગીર છીએ, અને અમે તેને સુધારવા માંગીએ છીએ.',
  },
  kn: {
    greeting: 'ನಮಸ್ಕಾರ',
    text: 'ನಾವು {{business}} ಇಂದ ಮಾತನಾಡುತ್ತಿದ್ದೇವೆ. ನಿಮ್ಮ ಅಭಿಪ್ರಾಯಕ್ಕೆ ಧನ್ಯವಾದಗಳು. ನಿಮ್ಮ ಅನುಭವ ಚೆನ್ನಾಗಿರಲಿಲ್ಲ ಎಂದು ವಿಷಾದಿಸುತ್ತೇವೆ, ಅದನ್ನು ಸರಿಪಡಿಸಲು ಬಯಸುತ್ತೇವೆ.',
  },
  ml: {
    greeting: 'നമസ്കാരം',
    text: 'ഞങ്ങൾ {{business}} ൽ നിന്നാണ് സംസാരിക്കുന്നത്. നിങ്ങളുടെ അഭിപ്രായത്തിന് നന്ദി. നിങ്ങളുടെ അനുഭവം നല്ലതായിരുന്നില്ല എന്നതിൽ ഞങ്ങൾ ഖേദിക്കുന്നു, അത് പരിഹരിക്കാൻ ഞങ്ങൾ ആഗ്രഹിക്കുന്നു.',
  },
}

/**
 * The language of the call-back message to a complaint: the language its text is written in, else the first of
 * `known` given (the customer's, then the business's), else English.
 */
export function callBackLanguage(complaint: string | null | undefined, ...known: (ReviewLanguage | null | undefined)[]): ReviewLanguage {
  return scriptLanguage(complaint) ?? known.find((language) => !!language) ?? 'en'
}

/** What the owner's WhatsApp opens with: short, polite, in the owner's voice, in `language`. */
export function callBackMessage(customerName: string | null, businessName: string, language: ReviewLanguage = 'en') {
  const { greeting, text } = CALL_BACK_MESSAGES[language]
  return `${customerName ? `${greeting} ${customerName}` : greeting}, ${fillParams(text, { business: businessName })}`
}

/** `tel:` and `wa.me` links for a 10-digit Indian mobile number; the WhatsApp message in `language`. */
export function callBackLinks(phone: string, customerName: string | null, businessName: string, language: ReviewLanguage = 'en') {
  return {
    call: `tel:+91${phone}`,
    whatsapp: `https://wa.me/91${phone}?text=${encodeURIComponent(callBackMessage(customerName, businessName, language))}`,
  }
}
