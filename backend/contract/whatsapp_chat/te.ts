/* The WhatsApp chat's texts in Telugu (తెలుగు): translated from en.ts. */
import type { ChatMessages } from './en.js'

const te: ChatMessages = {
  templateBody: 'నమస్తే {{1}}, {{2}} కి వచ్చినందుకు ధన్యవాదాలు. మీ అనుభవం ఎలా ఉంది? కింద ఉన్న రేటింగ్‌లలో ఒకదాన్ని నొక్కండి. ఈ పేజీలో కూడా రేటింగ్ ఇవ్వవచ్చు: {{3}}',
  templateFooter: 'ఇకపై సందేశాలు వద్దనుకుంటే STOP లేదా ఆపు అని పంపండి',
  rate5: '★★★★★ అద్భుతం',
  rate4: '★★★★ బాగుంది',
  rate3: '★★★ పర్వాలేదు',
  rate2: '★★ బాగాలేదు',
  rate1: '★ అస్సలు బాగాలేదు',
  stopButton: 'సందేశాలు ఆపేయండి',

  thanksGoogle: '{{business}} కి {{stars}} రేటింగ్ ఇచ్చినందుకు ధన్యవాదాలు! దీన్ని Google లో కూడా పంచుకుంటారా? ఒక్క నిమిషమే పడుతుంది, చాలా సహాయపడుతుంది.',
  postOnGoogle: 'Google రివ్యూ రాయండి',
  askWhatWentWrong: 'క్షమించండి, {{business}} లో మీ అనుభవం బాగాలేదు. ఏం బాగాలేదో ఇక్కడే సందేశం లేదా వాయిస్ నోట్ ద్వారా చెప్పండి: అది {{business}} మాత్రమే చూస్తుంది.',
  offerPrivate: 'మీరు {{business}} కి ప్రైవేట్‌గా కూడా చెప్పవచ్చు: ఇక్కడే సందేశం లేదా వాయిస్ నోట్ పంపండి.',
  callMeBack: 'నాకు కాల్ చేయండి',
  noThanks: 'వద్దు, ధన్యవాదాలు',
  callBackNoted: 'ధన్యవాదాలు. {{business}} ఇదే నంబర్‌కు మీకు తిరిగి కాల్ చేస్తారు.',
  noThanksNoted: 'మాకు తెలియజేసినందుకు ధన్యవాదాలు.',
  feedbackReceived: 'ధన్యవాదాలు, మీ సందేశం {{business}} కి అందింది.',
  alreadyRated: 'మీరు ఇప్పటికే {{business}} కి రేటింగ్ ఇచ్చారు. ధన్యవాదాలు!',
  optedOut: 'ఇకపై {{business}} నుండి మీకు సందేశాలు రావు. మీ మనసు మారితే START అని పంపండి.',
}

export default te
