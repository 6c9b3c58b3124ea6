/* The owner's alert texts in Telugu (తెలుగు): translated from en.ts. */
import type { AlertTexts } from './en.js'

const te: AlertTexts = {
  feedbackTemplate: 'కొత్త {{1}}-స్టార్ ప్రైవేట్ రేటింగ్, {{2}} కి వచ్చింది. {{3}}: "{{4}}"',
  googleReviewTemplate: 'కొత్త {{1}}-స్టార్ Google రివ్యూ, {{2}} కి వచ్చింది. {{3}}: "{{4}}"',
  summaryTemplate: 'మీ {{1}} రిపోర్ట్, {{2}}: {{3}} రేటింగ్‌లు, సగటు {{4}}, {{5}} ప్రైవేట్ అభిప్రాయాలు చదవాల్సి ఉన్నాయి.',
  daily: 'రోజువారీ',
  weekly: 'వారపు',

  callBackButton: 'తిరిగి కాల్ చేయండి',
  markResolvedButton: 'పరిష్కారమైంది',
  openButton: 'తెరవండి',
  draftReplyButton: 'జవాబు సిద్ధం చేయండి',
  postReplyButton: 'జవాబు పోస్ట్ చేయండి',
  editInAppButton: 'యాప్‌లో మార్చండి',

  feedbackTitle: '{{business}} కి {{stars}}★ ప్రైవేట్ రేటింగ్',
  googleReviewTitle: '{{business}} కి {{stars}}★ Google రివ్యూ',
  dailyTitle: '{{business}} రోజువారీ రిపోర్ట్',
  weeklyTitle: '{{business}} వారపు రిపోర్ట్',
  summaryBody: '{{ratings}} రేటింగ్‌లు, సగటు {{average}}, {{toRead}} ప్రైవేట్ అభిప్రాయాలు చదవాల్సి ఉన్నాయి.',
  aCustomer: 'ఒక కస్టమర్',
  askedToBeCalledBack: 'తిరిగి కాల్ చేయమన్నారు',
  noComment: 'కామెంట్ లేదు',
  aGoogleUser: 'ఒక Google యూజర్',
  noText: 'ఏమీ రాయలేదు',

  calledBack: '{{name}} కి {{phone}} నంబర్‌కు కాల్ చేయండి: {{tel}}\n\nలేదా WhatsApp లో రాయండి, వారి భాషలో క్షమాపణ సందేశం సిద్ధంగా ఉంది, పంపితే చాలు:\n{{waLink}}',
  theCustomer: 'కస్టమర్',
  noPhone: '{{name}} మొబైల్ నంబర్ ఇవ్వలేదు, కాబట్టి తిరిగి కాల్ చేయలేం. అభిప్రాయం: {{link}}',
  thisCustomer: 'ఈ కస్టమర్',
  resolved: '"పరిష్కారమైంది" అని గుర్తించాం. అభిప్రాయం: {{link}}',
  suggestedReply: 'సూచించిన జవాబు:',
  changeFirst: 'లేదా ముందు దాన్ని మార్చండి:',
  posted: 'Google లో పోస్ట్ చేశాం. రివ్యూ: {{link}}',
  failed: '{{reason}} ఏమీ చేయలేదు.',
  notAllowed: '{{workspace}} లో మీ పాత్రకు దీనికి అనుమతి లేదు, కాబట్టి ఏమీ చేయలేదు.',
  notOurs: 'ఈ బటన్ ReviewRoute అలర్ట్‌ది కాదు, కాబట్టి ఏమీ చేయలేదు.',
  otherNumber: 'ఈ అలర్ట్ వేరే WhatsApp నంబర్‌కు పంపబడింది. ఇది ఎవరికి పంపబడిందో ఆ సభ్యులు మాత్రమే తమ సొంత నంబర్ నుండి దీనిపై చర్య తీసుకోగలరు.',
  gone: 'ఈ అలర్ట్ దేని గురించో అది ఇప్పుడు ReviewRoute లో లేదు, కాబట్టి ఏమీ చేయలేదు.',
  noLongerMember: 'మీరు ఇప్పుడు ReviewRoute లో {{workspace}} సభ్యులు కాదు, కాబట్టి ఈ అలర్ట్‌పై ఇక చర్య తీసుకోలేరు.',
  stopped: 'ఈ నంబర్‌కు WhatsApp అలర్ట్‌లు ఆఫ్‌లో ఉన్నాయి. మళ్లీ ఆన్ చేయడానికి "Profile" లో "Notifications" కు వెళ్లండి.',
  help: 'ఈ నంబర్ నుండి మీ ReviewRoute అలర్ట్‌లు వస్తాయి. అలర్ట్‌పై చర్య తీసుకోవడానికి దానిలోని బటన్‌ను నొక్కండి, లేదా యాప్ తెరవండి: {{link}}',
  noDraft: 'పోస్ట్ చేయడానికి ఇంకా డ్రాఫ్ట్ ఏదీ లేదు. ముందుగా అలర్ట్‌లో "జవాబు సిద్ధం చేయండి" నొక్కండి.',
  answeredMeanwhile: 'ఈలోగా ఈ రివ్యూకు జవాబు ఇవ్వబడింది, కాబట్టి డ్రాఫ్ట్ పోస్ట్ చేయలేదు. జవాబు మార్చడానికి యాప్ తెరవండి: {{link}}',
  noTemplate: 'AI డ్రాఫ్ట్‌లు సెటప్ చేయలేదు, ఈ రివ్యూ స్టార్లకు జవాబు టెంప్లేట్ కూడా లేదు. యాప్‌లో జవాబు రాయండి: {{link}}',
  alreadyCalledBack: 'కాల్ చేయడానికి కావాల్సిన వివరాలు పైన పంపాం.',
  alreadyResolved: 'ఈ అభిప్రాయం ఇప్పటికే "పరిష్కారమైంది" అని గుర్తించబడింది.',
  alreadyDrafted: 'ఒక డ్రాఫ్ట్ ఇప్పటికే పైన పంపాం. దాని కింద "జవాబు పోస్ట్ చేయండి" నొక్కండి, లేదా యాప్‌లో మార్చండి.',
  alreadyPosted: 'ఈ జవాబు ఇప్పటికే Google లో పోస్ట్ అయింది.',
}

export default te
