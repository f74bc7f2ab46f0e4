import { AuthDialogs } from "../features/auth/AuthDialogs";
import { useAuthDialogs } from "../features/auth/useAuthDialogs";
import { ServiceShortcuts } from "../features/home/ServiceShortcuts";
import { WelcomeCard } from "../features/home/WelcomeCard";
import styles from "../features/home/home.module.css";

export default function HomePage() {
  const dialogs = useAuthDialogs();
  return (
    <div className={styles.page}>
      <WelcomeCard onLogin={() => dialogs.openLogin()} onRegister={dialogs.openRegister} />
      <ServiceShortcuts />
      <AuthDialogs dialogs={dialogs} />
    </div>
  );
}
