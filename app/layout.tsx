import type { Metadata } from "next";
import { headers } from "next/headers";
import { SiteFooter } from "@/components/site/site-footer";
import { SiteHeader } from "@/components/site/site-header";
import { SITE_NAME } from "@/components/site/page-meta";
import { TipPlacement } from "@/components/ui/tip-placement";
import { siteOrigin } from "@/lib/auth/session-cookie";
import { getSiteFooter } from "@/lib/pages/site-footer";
import { AccountLinks } from "./account/account-links";
import { AccountNav } from "./signin/account-nav";
import "./globals.css";

const DESCRIPTION = "Leaderboards for execution-grounded code retrieval: does the retrieved code actually pass its tests?";

export const metadata: Metadata = {
  title: { template: `%s · ${SITE_NAME}`, default: `${SITE_NAME}: execution-grounded code retrieval leaderboards` },
  description: DESCRIPTION,
  applicationName: SITE_NAME,
  openGraph: { siteName: SITE_NAME, type: "website", title: SITE_NAME, description: DESCRIPTION },
  twitter: { card: "summary", title: SITE_NAME, description: DESCRIPTION },
};

export const viewport = {
  colorScheme: "light dark",
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#0f172a" },
  ],
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const footer = await getSiteFooter(siteOrigin(await headers()) ?? "");
  return (
    <html lang="en">
      <body className="flex min-h-screen flex-col font-sans">
        <a href="#main" className="sr-only z-50 rounded bg-white px-3 py-2 text-sm font-medium text-slate-900 shadow focus:not-sr-only focus:absolute focus:left-3 focus:top-3">
          Skip to content
        </a>
        <SiteHeader
          account={
            <>
              <AccountLinks />
              <AccountNav />
            </>
          }
        />
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6">
          {children}
        </main>
        <SiteFooter data={footer} />
        <TipPlacement />
      </body>
    </html>
  );
}
