/* The WhatsApp chat's texts in Marathi (मराठी): translated from en.ts. */
import type { ChatMessages } from './en.js'

const mr: ChatMessages = {
  templateBody:
    'नमस्कार {{1}}, {{2}} ला भेट दिल्याबद्दल धन्यवाद. तुमची भेट कशी झाली? खालीलपैकी एका रेटिंगवर टॅप करा. तुम्ही या पेजवरही रेटिंग देऊ शकता: {{3}}',
  templateFooter: 'आणखी मेसेज नको असल्यास STOP किंवा बंद असे लिहून पाठवा',
  rate5: '★★★★★ उत्कृष्ट',
  rate4: '★★★★ चांगले',
  rate3: '★★★ ठीक आहे',
  rate2: '★★ वाईट',
  rate1: '★ खूप वाईट',
  stopButton: 'मेसेज बंद करा',

  thanksGoogle: '{{business}} ला {{stars}} रेटिंग दिल्याबद्दल धन्यवाद! हे Google वरही शेअर कराल का? फक्त एक मिनिट लागतो आणि खूप मदत होते.',
  postOnGoogle: 'Google वर पोस्ट करा',
  askWhatWentWrong:
    'माफ करा, {{business}} मधील तुमचा अनुभव चांगला नव्हता. काय चुकले? इथेच मेसेज किंवा व्हॉइस नोट पाठवून सांगा: ते फक्त {{business}} ला दिसेल.',
  offerPrivate: 'तुम्ही {{business}} ला खासगीतही सांगू शकता: इथेच मेसेज किंवा व्हॉइस नोट पाठवा.',
  callMeBack: 'मला परत कॉल करा',
  noThanks: 'नको, धन्यवाद',
  callBackNoted: 'धन्यवाद. {{business}} तुम्हाला याच नंबरवर परत कॉल करतील.',
  noThanksNoted: 'आम्हाला सांगितल्याबद्दल धन्यवाद.',
  feedbackReceived: 'धन्यवाद, तुमचा मेसेज {{business}} ला मिळाला आहे.',
  alreadyRated: 'तुम्ही {{business}} ला आधीच रेटिंग दिले आहे. धन्यवाद!',
  optedOut: 'आता तुम्हाला {{business}} कडून कोणतेही मेसेज येणार नाहीत. विचार बदलल्यास START असे लिहून पाठवा.',
}

export default mr
