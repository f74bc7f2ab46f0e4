import { Suspense } from "react";
import { useRoutes, type RouteObject } from "react-router";
import HomePage from "../pages/HomePage";
import { LoadingScreen } from "../shared/ui/LoadingScreen";
import { GuestOnly, RequireLogin } from "./guards";
import { LoginPreview } from "./GuestPreview";
import { page } from "./lazyPage";
import { UserLayout } from "./layouts/UserLayout";
import { RootLayout } from "./RootLayout";
import { LOGIN_PENDING, PUBLIC_PENDING } from "./routes";

const notFound = page(() => import("../pages/NotFoundPage"));

const userRoutes: RouteObject[] = [
  // The landing page comes with the entry: its query starts without first fetching the page's code.
  { index: true, element: <HomePage /> },
  {
    element: <GuestOnly />,
    children: [
      { path: "login", element: page(() => import("../pages/LoginPage")) },
      { path: "register", element: page(() => import("../pages/RegisterPage")) },
      { path: "forgot-password", element: page(() => import("../pages/ForgotPasswordPage")) },
    ],
  },
  {
    element: <RequireLogin />,
    children: [
      { path: "profile", element: page(() => import("../pages/ProfilePage")) },
      { path: "purchase-history", element: page(() => import("../pages/PurchaseHistoryPage")) },
      { path: "order/:orderId", element: page(() => import("../pages/OrderPage")) },
      { path: "management", element: page(() => import("../pages/ManagementPage")) },
      { path: "temp-certificates", element: page(() => import("../pages/TempCertificatesPage")) },
      ...LOGIN_PENDING.map((path) => ({ path, element: notFound })),
    ],
  },
  {
    // Public per the spec: a guest sees what the page is and a login call to action, not a redirect.
    element: <LoginPreview />,
    children: [
      { path: "certificate/:id", element: page(() => import("../pages/CertificateDetailPage")) },
      { path: "signature", element: page(() => import("../pages/SignaturePage")) },
      { path: "app-signature", element: page(() => import("../pages/AppSignaturePage")) },
    ],
  },
  { path: "app/:id", element: page(() => import("../pages/AppDetailPage")) },
  { path: "resource/:id", element: page(() => import("../pages/ResourceDetailPage")) },
  { path: "ziyuan/:id", element: page(() => import("../pages/ZiyuanDetailPage")) },
  { path: "dylib/:id", element: page(() => import("../pages/DylibDetailPage")) },
  { path: "certificate", element: page(() => import("../pages/CertificateMallPage")) },
  { path: "certificate-mall", element: page(() => import("../pages/CertificateMallPage")) },
  { path: "install/:id", element: page(() => import("../pages/InstallPage")) },
  { path: "software-source", element: page(() => import("../pages/SoftwareSourcePage")) },
  { path: "software-source/search", element: page(() => import("../pages/SoftwareSourceSearchPage")) },
  { path: "software-source/:id/apps", element: page(() => import("../pages/SoftwareSourceAppsPage")) },
  { path: "tutorial", element: page(() => import("../pages/TutorialPage")) },
  { path: "theme-preview", element: page(() => import("../pages/ThemePreviewPage")) },
  { path: "agreement", element: page(() => import("../pages/AgreementPage")) },
  { path: "privacy", element: page(() => import("../pages/PrivacyPage")) },
  { path: "udid/guide", element: page(() => import("../pages/UdidGuidePage")) },
  { path: "udid/received", element: page(() => import("../pages/UdidReceivedPage")) },
  { path: "udid/success", element: page(() => import("../pages/UdidSuccessPage")) },
  { path: "oauth/callback", element: page(() => import("../pages/OAuthCallbackPage")) },
  ...PUBLIC_PENDING.map((path) => ({ path, element: notFound })),
  { path: "*", element: notFound },
];

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { element: <UserLayout />, children: userRoutes },
      // The server sends the back office's own page (admin.html) for /admin paths; this opens them when the users'
      // app navigates there itself (an admin's login, the account card's link), with the back office's code loaded then.
      {
        path: "admin/*",
        element: <Suspense fallback={<LoadingScreen />}>{page(() => import("./AdminSection"))}</Suspense>,
      },
    ],
  },
];

/**
 * The route tree, rendered inside a plain BrowserRouter: the site uses no loaders or actions, and the data router
 * would add about 16 KB of gzipped JavaScript to the home page's critical path.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
