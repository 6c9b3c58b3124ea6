/* The WhatsApp chat's texts in Bengali (বাংলা): translated from en.ts. */
import type { ChatMessages } from './en.js'

const bn: ChatMessages = {
  templateBody:
    'নমস্কার {{1}}, {{2}}-এ আসার জন্য ধন্যবাদ। আপনার অভিজ্ঞতা কেমন ছিল? নিচের যেকোনো একটি রেটিংয়ে ট্যাপ করুন। এই পেজেও রেটিং দিতে পারেন: {{3}}',
  templateFooter: 'আর মেসেজ না চাইলে STOP বা বন্ধ লিখে পাঠান',
  rate5: '★★★★★ দারুণ',
  rate4: '★★★★ ভালো',
  rate3: '★★★ মোটামুটি',
  rate2: '★★ খারাপ',
  rate1: '★ খুব খারাপ',
  stopButton: 'মেসেজ বন্ধ করুন',

  thanksGoogle:
    '{{business}}-কে {{stars}} রেটিং দেওয়ার জন্য ধন্যবাদ! এটা কি Google-এও শেয়ার করবেন? মাত্র এক মিনিট লাগে, আর এতে অনেক উপকার হয়।',
  postOnGoogle: 'Google-এ পোস্ট করুন',
  askWhatWentWrong:
    'দুঃখিত, {{business}}-এ আপনার অভিজ্ঞতা ভালো হয়নি। কী সমস্যা হয়েছিল? এখানেই মেসেজ বা ভয়েস নোট পাঠিয়ে জানান: শুধু {{business}} এটি দেখতে পাবে।',
  offerPrivate: 'আপনি {{business}}-কে ব্যক্তিগতভাবেও জানাতে পারেন: এখানেই মেসেজ বা ভয়েস নোট পাঠান।',
  callMeBack: 'আমাকে ফোন করুন',
  noThanks: 'না, ধন্যবাদ',
  callBackNoted: 'ধন্যবাদ। {{business}} এই নম্বরেই আপনাকে ফোন করবে।',
  noThanksNoted: 'জানানোর জন্য ধন্যবাদ।',
  feedbackReceived: 'ধন্যবাদ, আপনার মেসেজ {{business}}-এর কাছে পৌঁছে গেছে।',
  alreadyRated: 'আপনি আগেই {{business}}-কে রেটিং দিয়েছেন। ধন্যবাদ!',
  optedOut: '{{business}} থেকে আপনি আর কোনো মেসেজ পাবেন না। মত বদলালে START লিখে পাঠান।',
}

export default bn
