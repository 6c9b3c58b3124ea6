/* The owner's alert texts in Hindi (हिंदी): translated from en.ts. */
import type { AlertTexts } from './en.js'

const hi: AlertTexts = {
  feedbackTemplate: 'नई {{1}}-स्टार प्राइवेट रेटिंग, {{2}} के लिए, {{3}} से: "{{4}}"',
  googleReviewTemplate: 'नया {{1}}-स्टार Google रिव्यू, {{2}} के लिए, {{3}} से: "{{4}}"',
  summaryTemplate: 'आपकी {{1}} रिपोर्ट, {{2}}: {{3}} रेटिंग, औसत {{4}}, {{5}} प्राइवेट फ़ीडबैक पढ़ना बाकी है।',
  daily: 'रोज़ की',
  weekly: 'हफ़्ते की',

  callBackButton: 'वापस कॉल करें',
  markResolvedButton: 'हल हो गया',
  openButton: 'खोलें',
  draftReplyButton: 'जवाब तैयार करें',
  postReplyButton: 'जवाब पोस्ट करें',
  editInAppButton: 'ऐप में बदलें',

  feedbackTitle: '{{business}} पर {{stars}}★ प्राइवेट रेटिंग',
  googleReviewTitle: '{{business}} का {{stars}}★ Google रिव्यू',
  dailyTitle: '{{business}} की रोज़ की रिपोर्ट',
  weeklyTitle: '{{business}} की हफ़्ते की रिपोर्ट',
  summaryBody: '{{ratings}} रेटिंग, औसत {{average}}, {{toRead}} प्राइवेट फ़ीडबैक पढ़ना बाकी है।',
  aCustomer: 'एक ग्राहक',
  askedToBeCalledBack: 'वापस कॉल करने को कहा',
  noComment: 'कोई कमेंट नहीं',
  aGoogleUser: 'एक Google यूज़र',
  noText: 'कुछ नहीं लिखा',

  calledBack: '{{name}} को {{phone}} पर कॉल करें: {{tel}}\n\nया WhatsApp पर मैसेज करें, उनकी भाषा में माफ़ी का मैसेज तैयार है, बस भेज दें:\n{{waLink}}',
  theCustomer: 'ग्राहक',
  noPhone: '{{name}} ने कोई मोबाइल नंबर नहीं दिया, इसलिए वापस कॉल नहीं हो सकता। फ़ीडबैक: {{link}}',
  thisCustomer: 'इस ग्राहक',
  resolved: '"हल हो गया" मार्क कर दिया। फ़ीडबैक: {{link}}',
  suggestedReply: 'सुझाया गया जवाब:',
  changeFirst: 'या पहले इसे बदलें:',
  posted: 'Google पर पोस्ट हो गया। रिव्यू: {{link}}',
  failed: '{{reason}} कुछ नहीं किया गया।',
  notAllowed: '{{workspace}} में आपका रोल इसकी इजाज़त नहीं देता, इसलिए कुछ नहीं किया गया।',
  notOurs: 'यह बटन ReviewRoute के किसी अलर्ट का नहीं है, इसलिए कुछ नहीं किया गया।',
  otherNumber: 'यह अलर्ट किसी दूसरे WhatsApp नंबर पर भेजा गया था। जिस मेंबर को यह भेजा गया था, सिर्फ़ वही अपने नंबर से इस पर कुछ कर सकता है।',
  gone: 'यह अलर्ट जिस चीज़ के बारे में है, वह अब ReviewRoute पर नहीं है, इसलिए कुछ नहीं किया गया।',
  noLongerMember: 'आप अब ReviewRoute पर {{workspace}} के मेंबर नहीं हैं, इसलिए इस अलर्ट पर अब कुछ नहीं किया जा सकता।',
  stopped: 'इस नंबर के लिए WhatsApp अलर्ट बंद हैं। इन्हें फिर से चालू करने के लिए "Profile" में "Notifications" पर जाएं।',
  help: 'इस नंबर से आपके ReviewRoute अलर्ट आते हैं। किसी अलर्ट पर कुछ करने के लिए उसके बटन पर टैप करें, या ऐप खोलें: {{link}}',
  noDraft: 'पोस्ट करने के लिए अभी कोई ड्राफ़्ट नहीं है। पहले अलर्ट पर "जवाब तैयार करें" पर टैप करें।',
  answeredMeanwhile: 'इस बीच इस रिव्यू का जवाब दिया जा चुका है, इसलिए ड्राफ़्ट पोस्ट नहीं किया गया। जवाब बदलने के लिए ऐप खोलें: {{link}}',
  noTemplate: 'AI से ड्राफ़्ट बनाना चालू नहीं है, और इस रिव्यू के स्टार के लिए जवाब का कोई टेम्पलेट भी नहीं है। ऐप में जवाब लिखें: {{link}}',
  alreadyCalledBack: 'वापस कॉल करने की जानकारी ऊपर भेज दी गई है।',
  alreadyResolved: 'यह फ़ीडबैक पहले ही "हल हो गया" मार्क किया जा चुका है।',
  alreadyDrafted: 'एक ड्राफ़्ट ऊपर भेजा जा चुका है। उसके नीचे "जवाब पोस्ट करें" पर टैप करें, या ऐप में उसे बदलें।',
  alreadyPosted: 'यह जवाब पहले ही Google पर पोस्ट हो चुका है।',
}

export default hi
