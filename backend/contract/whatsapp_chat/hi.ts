/* The WhatsApp chat's texts in Hindi (हिंदी): translated from en.ts. */
import type { ChatMessages } from './en.js'

const hi: ChatMessages = {
  templateBody:
    'नमस्ते {{1}}, {{2}} पर आने के लिए धन्यवाद। आपकी विज़िट कैसी रही? नीचे दी गई किसी रेटिंग पर टैप करें। आप इस पेज पर भी रेटिंग दे सकते हैं: {{3}}',
  templateFooter: 'और मैसेज नहीं चाहिए तो STOP या बंद लिखकर भेजें',
  rate5: '★★★★★ बहुत बढ़िया',
  rate4: '★★★★ अच्छा',
  rate3: '★★★ ठीक-ठाक',
  rate2: '★★ खराब',
  rate1: '★ बहुत खराब',
  stopButton: 'मैसेज बंद करें',

  thanksGoogle:
    '{{business}} को {{stars}} रेटिंग देने के लिए धन्यवाद! क्या आप इसे Google पर भी शेयर करेंगे? इसमें बस एक मिनट लगता है और इससे बहुत मदद होती है।',
  postOnGoogle: 'Google पर पोस्ट करें',
  askWhatWentWrong:
    'माफ़ कीजिए, {{business}} पर आपकी विज़िट अच्छी नहीं रही। क्या ठीक नहीं लगा? यहीं मैसेज या वॉइस नोट भेजकर बताएं: इसे सिर्फ़ {{business}} देखेगा।',
  offerPrivate: 'आप {{business}} को निजी तौर पर भी बता सकते हैं: यहीं मैसेज या वॉइस नोट भेजें।',
  callMeBack: 'मुझे वापस कॉल करें',
  noThanks: 'नहीं, धन्यवाद',
  callBackNoted: 'धन्यवाद। {{business}} आपको इसी नंबर पर वापस कॉल करेगा।',
  noThanksNoted: 'हमें बताने के लिए धन्यवाद।',
  feedbackReceived: 'धन्यवाद, आपका मैसेज {{business}} तक पहुंच गया है।',
  alreadyRated: 'आप {{business}} को पहले ही रेटिंग दे चुके हैं। धन्यवाद!',
  optedOut: 'अब आपको {{business}} से कोई मैसेज नहीं आएगा। अगर आपका मन बदले, तो START लिखकर भेजें।',
}

export default hi
