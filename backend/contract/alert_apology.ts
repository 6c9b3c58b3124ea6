/*
 * The apology an owner sends from "Call back" on a low-rating alert: the text of its wa.me link, in the customer's
 * language, in the owner's voice.
 */
import type { ReviewLanguage } from './review_messages/index.js'

/**
 * The apology in each language. `{name}` becomes a space and the customer's first name, or nothing when no name is
 * known, so every text reads well both ways; `{business}` is the business's name. One of each per language.
 */
export const CALL_BACK_APOLOGY: Record<ReviewLanguage, string> = {
  en: 'Hello{name}, this is {business}. We are sorry your visit was not what you hoped for, and we would like to make it right. When may we call you?',
  hi: 'नमस्ते{name} जी, हम {business} से बात कर रहे हैं। हमें खेद है कि आपकी विज़िट आपकी उम्मीद जैसी नहीं रही, और हम इसे ठीक करना चाहते हैं। हम आपको कब कॉल कर सकते हैं?',
  bn: 'নমস্কার{name}, আমরা {business} থেকে বলছি। আপনার অভিজ্ঞতা আপনার প্রত্যাশামতো হয়নি বলে আমরা দুঃখিত, আমরা বিষয়টি ঠিক করে দিতে চাই। কখন আপনাকে ফোন করতে পারি?',
  mr: 'नमस्कार{name}, आम्ही {business} मधून बोलत आहोत. तुमची भेट तुमच्या अपेक्षेप्रमाणे झाली नाही याबद्दल आम्ही दिलगीर आहोत, आणि आम्हाला ते सुधारायचे आहे. आम्ही तुम्हाला कधी फोन करू शकतो?',
  te: 'నమస్కారం{name}, మేము {business} నుండి మాట్లాడుతున్నాము. మీ అనుభవం మీరు ఆశించినట్లుగా లేనందుకు క్షమించండి, దాన్ని సరిదిద్దాలనుకుంటున్నాము. మీకు ఎప్పుడు కాల్ చేయమంటారు?',
  ta: 'வணக்கம்{name}, நாங்கள் {business}-இலிருந்து பேசுகிறோம். உங்கள் அனுபவம் நீங்கள் எதிர்பார்த்தபடி அமையாததற்கு வருந்துகிறோம், அதைச் சரிசெய்ய விரும்புகிறோம். உங்களை எப்போது அழைக்கலாம்?',
  gu: 'નમસ્તે{name}, અમે {business} માંથી વાત કરીએ છીએ. તમારી મુલાકાત તમારી અપેક્ષા મુજબ ન રહી તે બદલ અમે દિલગીર છીએ, અને અમે તેને સુધારવા માંગીએ છીએ. અમે તમને ક્યારે ફોન કરી શકીએ?',
  kn: 'ನಮಸ್ಕಾರ{name}, ನಾವು {business} ನಿಂದ ಮಾತನಾಡುತ್ತಿದ್ದೇವೆ. ನಿಮ್ಮ ಅನುಭವ ನೀವು ನಿರೀಕ್ಷಿಸಿದಂತೆ ಇರಲಿಲ್ಲ ಎಂಬುದಕ್ಕೆ ವಿಷಾದಿಸುತ್ತೇವೆ, ಅದನ್ನು ಸರಿಪಡಿಸಲು ಬಯಸುತ್ತೇವೆ. ನಿಮಗೆ ಯಾವಾಗ ಕರೆ ಮಾಡಬಹುದು?',
  ml: 'നമസ്കാരം{name}, {business}-ൽ നിന്നാണ്. നിങ്ങളുടെ അനുഭവം പ്രതീക്ഷിച്ചതുപോലെ ആയില്ല എന്നറിഞ്ഞതിൽ ഖേദമുണ്ട്, അത് പരിഹരിക്കാൻ ഞങ്ങൾ ആഗ്രഹിക്കുന്നു. എപ്പോൾ വിളിക്കുന്നതാണ് നിങ്ങൾക്ക് സൗകര്യം?',
}

/** The first name in a full one: its first word that is more than an initial ("S. Kavya" is Kavya). */
function firstName(name: string | null): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean)
  return words.find((word) => word.replace(/\.$/, '').length > 1) ?? words[0] ?? ''
}

/** The apology in `language` from `business` to the customer called `name` (null when not known). */
export function callBackApology(language: ReviewLanguage, business: string, name: string | null): string {
  const first = firstName(name)
  const values = { name: first ? ` ${first}` : '', business: business.trim() }
  return CALL_BACK_APOLOGY[language].replace(/\{(name|business)\}/g, (_, key: 'name' | 'business') => values[key])
}
