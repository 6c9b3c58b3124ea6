/* The owner's alert texts in Marathi (मराठी): translated from en.ts. */
import type { AlertTexts } from './en.js'

const mr: AlertTexts = {
  feedbackTemplate: 'नवीन {{1}}-स्टार खासगी रेटिंग, {{2}} साठी. {{3}}: "{{4}}"',
  googleReviewTemplate: 'नवीन {{1}}-स्टार Google रिव्ह्यू, {{2}} साठी. {{3}}: "{{4}}"',
  summaryTemplate: 'तुमचा {{1}} रिपोर्ट, {{2}}: {{3}} रेटिंग, सरासरी {{4}}, {{5}} खासगी अभिप्राय वाचायचे बाकी.',
  daily: 'दैनिक',
  weekly: 'साप्ताहिक',

  callBackButton: 'परत कॉल करा',
  markResolvedButton: 'प्रश्न सुटला',
  openButton: 'उघडा',
  draftReplyButton: 'उत्तर तयार करा',
  postReplyButton: 'उत्तर पोस्ट करा',
  editInAppButton: 'ॲपमध्ये बदला',

  feedbackTitle: '{{business}} साठी {{stars}}★ खासगी रेटिंग',
  googleReviewTitle: '{{business}} साठी {{stars}}★ Google रिव्ह्यू',
  dailyTitle: '{{business}} साठी दैनिक रिपोर्ट',
  weeklyTitle: '{{business}} साठी साप्ताहिक रिपोर्ट',
  summaryBody: '{{ratings}} रेटिंग, सरासरी {{average}}, {{toRead}} खासगी अभिप्राय वाचायचे बाकी.',
  aCustomer: 'एक ग्राहक',
  askedToBeCalledBack: 'परत कॉल करायला सांगितले',
  noComment: 'टिप्पणी नाही',
  aGoogleUser: 'एक Google वापरकर्ता',
  noText: 'काहीही लिहिलेले नाही',

  calledBack:
    '{{name}} यांना {{phone}} वर कॉल करा: {{tel}}\n\nकिंवा WhatsApp वर लिहा, त्यांच्या भाषेतील माफीचा मेसेज तयार आहे, फक्त पाठवा:\n{{waLink}}',
  theCustomer: 'ग्राहक',
  noPhone: '{{name}}: मोबाइल नंबर दिलेला नाही, त्यामुळे परत कॉल करता येणार नाही. अभिप्राय: {{link}}',
  thisCustomer: 'हा ग्राहक',
  resolved: '"प्रश्न सुटला" असे मार्क केले. अभिप्राय: {{link}}',
  suggestedReply: 'सुचवलेले उत्तर:',
  changeFirst: 'किंवा आधी त्यात बदल करा:',
  posted: 'Google वर पोस्ट केले. रिव्ह्यू: {{link}}',
  failed: '{{reason}} काहीही केले नाही.',
  notAllowed: '{{workspace}} मधील तुमच्या भूमिकेला याची परवानगी नाही, त्यामुळे काहीही केले नाही.',
  notOurs: 'हे बटण ReviewRoute च्या अलर्टचे नाही, त्यामुळे काहीही केले नाही.',
  otherNumber: 'हा अलर्ट दुसऱ्या WhatsApp नंबरवर पाठवला होता. ज्या सदस्याला तो पाठवला, फक्त तेच त्यांच्या स्वतःच्या नंबरवरून त्यावर कृती करू शकतात.',
  gone: 'हा अलर्ट ज्या गोष्टीबद्दल आहे, ती आता ReviewRoute वर नाही, त्यामुळे काहीही केले नाही.',
  noLongerMember: 'तुम्ही आता ReviewRoute वर {{workspace}} चे सदस्य नाही, त्यामुळे या अलर्टवर आता कृती करता येणार नाही.',
  stopped: 'या नंबरसाठी WhatsApp अलर्ट बंद आहेत. ते पुन्हा सुरू करण्यासाठी "Profile" मध्ये "Notifications" वर जा.',
  help: 'या नंबरवरून तुमचे ReviewRoute अलर्ट येतात. अलर्टवर कृती करण्यासाठी त्यातील बटणावर टॅप करा, किंवा ॲप उघडा: {{link}}',
  noDraft: 'पोस्ट करण्यासाठी अजून कोणताही ड्राफ्ट नाही. आधी अलर्टवरील "उत्तर तयार करा" वर टॅप करा.',
  answeredMeanwhile: 'दरम्यान या रिव्ह्यूला उत्तर दिले गेले, त्यामुळे ड्राफ्ट पोस्ट केला नाही. उत्तर बदलण्यासाठी ॲप उघडा: {{link}}',
  noTemplate: 'AI ड्राफ्ट सेट केलेले नाहीत, आणि या रिव्ह्यूच्या स्टारसाठी उत्तराचा कोणताही टेम्पलेट नाही. ॲपमध्ये उत्तर लिहा: {{link}}',
  alreadyCalledBack: 'परत कॉल करण्याची माहिती वर पाठवली आहे.',
  alreadyResolved: 'हा अभिप्राय आधीच "प्रश्न सुटला" म्हणून मार्क केला आहे.',
  alreadyDrafted: 'एक ड्राफ्ट आधीच वर पाठवला आहे. त्याखालील "उत्तर पोस्ट करा" वर टॅप करा, किंवा ॲपमध्ये तो बदला.',
  alreadyPosted: 'हे उत्तर आधीच Google वर पोस्ट केले आहे.',
}

export default mr
