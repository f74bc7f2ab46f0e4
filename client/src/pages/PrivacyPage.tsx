import { LegalDocument } from "../features/site/LegalDocument";

export default function PrivacyPage() {
  return <LegalDocument kind="privacyPolicy" />;
}
