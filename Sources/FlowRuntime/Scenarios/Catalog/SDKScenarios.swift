/// Built-in scenarios of the AccessEnabler SDK integration.
enum SDKScenarios {
    static let files: [(name: String, text: String)] = [
        (
            "sdk-ios-apple-sso",
            """
            {
              "name": "sdk-ios-apple-sso",
              "description": "AccessEnabler on iPhone: getAuthentication shows Apple's picker; setToken on play.",
              "platform": "ios",
              "integration": "sdk",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "pick Aurora Cable",
                "sign-in-as demo",
                "play deep-space"
              ],
              "expect": {
                "codes": [],
                "authenticated": true,
                "mvpd": "AuroraCable",
                "profileType": "appleSSO",
                "decisions": [
                  "permit deep-space"
                ],
                "callbacks": [
                  "setRequestorComplete",
                  "setAuthenticationStatus",
                  "presentTvProviderDialog",
                  "setAuthenticationStatus",
                  "setMetadataStatus",
                  "preauthorizedResources",
                  "setToken"
                ]
              }
            }
            """
        ),
        (
            "sdk-ios-silent-exchange",
            """
            {
              "name": "sdk-ios-silent-exchange",
              "description": "AccessEnabler on iPhone, signed in at system level: setRequestor exchanges the sign-in silently.",
              "platform": "ios",
              "integration": "sdk",
              "device": {
                "permission": "granted",
                "signedIn": {
                  "provider": "tvsim.aurora",
                  "persona": "demo"
                }
              },
              "steps": [
                "launch"
              ],
              "expect": {
                "codes": [],
                "authenticated": true,
                "mvpd": "AuroraCable",
                "profileType": "appleSSO",
                "callbacks": [
                  "setRequestorComplete",
                  "setAuthenticationStatus",
                  "setMetadataStatus",
                  "preauthorizedResources"
                ]
              }
            }
            """
        ),
        (
            "sdk-tvos-apple-sso",
            """
            {
              "name": "sdk-tvos-apple-sso",
              "description": "AccessEnabler on Apple TV: getAuthentication shows Apple's picker; setToken on play.",
              "platform": "tvos",
              "integration": "sdk",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "pick Aurora Cable",
                "sign-in-as demo",
                "play deep-space"
              ],
              "expect": {
                "codes": [],
                "authenticated": true,
                "mvpd": "AuroraCable",
                "profileType": "appleSSO",
                "decisions": [
                  "permit deep-space"
                ],
                "callbacks": [
                  "setRequestorComplete",
                  "setAuthenticationStatus",
                  "presentTvProviderDialog",
                  "setAuthenticationStatus",
                  "setMetadataStatus",
                  "preauthorizedResources",
                  "setToken"
                ]
              }
            }
            """
        ),
        (
            "sdk-tvos-silent-exchange",
            """
            {
              "name": "sdk-tvos-silent-exchange",
              "description": "AccessEnabler on Apple TV, signed in at system level: setRequestor exchanges the sign-in silently.",
              "platform": "tvos",
              "integration": "sdk",
              "device": {
                "permission": "granted",
                "signedIn": {
                  "provider": "tvsim.aurora",
                  "persona": "demo"
                }
              },
              "steps": [
                "launch"
              ],
              "expect": {
                "codes": [],
                "authenticated": true,
                "mvpd": "AuroraCable",
                "profileType": "appleSSO",
                "callbacks": [
                  "setRequestorComplete",
                  "setAuthenticationStatus",
                  "setMetadataStatus",
                  "preauthorizedResources"
                ]
              }
            }
            """
        ),
        (
            "sdk-ios-vsa403",
            """
            {
              "name": "sdk-ios-vsa403",
              "description": "AccessEnabler with TV Provider access denied: VSA403, displayProviderDialog, navigateToUrl.",
              "platform": "ios",
              "integration": "sdk",
              "steps": [
                "launch",
                "deny",
                "sign-in",
                "choose Cascade",
                "sign-in-as demo"
              ],
              "expect": {
                "codes": [
                  "VSA403",
                  "VSA403"
                ],
                "authenticated": true,
                "mvpd": "Cascade",
                "profileType": "regular",
                "callbacks": [
                  "setRequestorComplete",
                  "setAuthenticationStatus",
                  "displayProviderDialog",
                  "navigateToUrl",
                  "setAuthenticationStatus"
                ]
              }
            }
            """
        ),
        (
            "sdk-tvos-vsa404",
            """
            {
              "name": "sdk-tvos-vsa404",
              "description": "AccessEnabler on Apple TV with the alert dismissed: VSA404, displayProviderDialog, a registration code.",
              "platform": "tvos",
              "integration": "sdk",
              "steps": [
                "launch",
                "dismiss",
                "sign-in",
                "dismiss",
                "choose Keystone",
                "complete-second-screen as demo"
              ],
              "expect": {
                "codes": [
                  "VSA404",
                  "VSA404",
                  "REGCODE"
                ],
                "authenticated": true,
                "mvpd": "Keystone",
                "callbacks": [
                  "displayProviderDialog",
                  "status",
                  "setAuthenticationStatus"
                ]
              }
            }
            """
        ),
        (
            "sdk-ios-n003",
            """
            {
              "name": "sdk-ios-n003",
              "description": "AccessEnabler: “Other TV Provider” falls back to displayProviderDialog and navigateToUrl.",
              "platform": "ios",
              "integration": "sdk",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "other",
                "choose Cascade",
                "sign-in-as demo"
              ],
              "expect": {
                "codes": [
                  "N003"
                ],
                "authenticated": true,
                "mvpd": "Cascade",
                "callbacks": [
                  "presentTvProviderDialog",
                  "dismissTvProviderDialog",
                  "displayProviderDialog",
                  "navigateToUrl",
                  "setAuthenticationStatus"
                ]
              }
            }
            """
        ),
        (
            "sdk-tvos-picker-only-no-code",
            """
            {
              "name": "sdk-tvos-picker-only-no-code",
              "description": "AccessEnabler on Apple TV: a provider in Apple's picker without Apple SSO raises no code; the SDK selects it silently and shows a registration code (seed 004, step 4).",
              "platform": "tvos",
              "integration": "sdk",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "pick Bluebonnet Cable Co.",
                "complete-second-screen as demo"
              ],
              "expect": {
                "codes": [
                  "REGCODE"
                ],
                "authenticated": true,
                "mvpd": "Bluebonnet",
                "callbacks": [
                  "setRequestorComplete",
                  "setAuthenticationStatus",
                  "presentTvProviderDialog",
                  "status",
                  "setAuthenticationStatus"
                ]
              }
            }
            """
        ),
        (
            "sdk-ios-n005",
            """
            {
              "name": "sdk-ios-n005",
              "description": "AccessEnabler: Apple's picker cancelled (N005, displayProviderDialog), then the app's picker cancelled (N005).",
              "platform": "ios",
              "integration": "sdk",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "cancel",
                "cancel"
              ],
              "expect": {
                "codes": [
                  "N005",
                  "N005"
                ],
                "authenticated": false,
                "callbacks": [
                  "presentTvProviderDialog",
                  "dismissTvProviderDialog",
                  "displayProviderDialog",
                  "setAuthenticationStatus"
                ]
              }
            }
            """
        ),
        (
            "sdk-ios-vsa503",
            """
            {
              "name": "sdk-ios-vsa503",
              "description": "AccessEnabler: the provider does not respond (VSA503); displayProviderDialog.",
              "platform": "ios",
              "integration": "sdk",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "pick Driftwood Cable",
                "sign-in-as demo",
                "choose Cascade",
                "sign-in-as demo"
              ],
              "expect": {
                "codes": [
                  "VSA503"
                ],
                "authenticated": true,
                "mvpd": "Cascade"
              }
            }
            """
        ),
        (
            "sdk-ios-logout-vsa203",
            """
            {
              "name": "sdk-ios-logout-vsa203",
              "description": "AccessEnabler logout after Apple SSO: status VSA203.",
              "platform": "ios",
              "integration": "sdk",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "pick Aurora Cable",
                "sign-in-as demo",
                "sign-out",
                "ok"
              ],
              "expect": {
                "codes": [
                  "VSA203"
                ],
                "authenticated": false
              }
            }
            """
        ),
        (
            "sdk-tvos-logout-vsa203",
            """
            {
              "name": "sdk-tvos-logout-vsa203",
              "description": "AccessEnabler logout after Apple SSO on Apple TV: status VSA203.",
              "platform": "tvos",
              "integration": "sdk",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "pick Aurora Cable",
                "sign-in-as demo",
                "sign-out",
                "ok"
              ],
              "expect": {
                "codes": [
                  "VSA203"
                ],
                "authenticated": false
              }
            }
            """
        ),
        (
            "sdk-tvos-denied-parental",
            """
            {
              "name": "sdk-tvos-denied-parental",
              "description": "AccessEnabler getAuthorization denied by parental controls: tokenRequestFailed and Z100.",
              "platform": "tvos",
              "integration": "sdk",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "pick Aurora Cable",
                "sign-in-as family",
                "play midnight-run"
              ],
              "expect": {
                "codes": [
                  "Z100"
                ],
                "authenticated": true,
                "decisions": [
                  "deny midnight-run authorization_denied_by_parental_controls"
                ],
                "callbacks": [
                  "tokenRequestFailed"
                ]
              }
            }
            """
        ),
        (
            "sdk-ios-degraded-no-silent-exchange",
            """
            {
              "name": "sdk-ios-degraded-no-silent-exchange",
              "description": "AccessEnabler with a degraded provider: no silent exchange, yet authenticated by degradation (N010).",
              "platform": "ios",
              "integration": "sdk",
              "device": {
                "permission": "granted",
                "signedIn": {
                  "provider": "tvsim.thunderbay",
                  "persona": "demo"
                }
              },
              "steps": [
                "launch"
              ],
              "expect": {
                "codes": [
                  "N010"
                ],
                "authenticated": true,
                "mvpd": "ThunderBay",
                "profileType": "degraded"
              }
            }
            """
        ),
        (
            "sdk-ios-regular-logout",
            """
            {
              "name": "sdk-ios-regular-logout",
              "description": "AccessEnabler regular logout: navigateToUrl with the MVPD logout page.",
              "platform": "ios",
              "integration": "sdk",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "other",
                "choose Cascade",
                "sign-in-as demo",
                "sign-out"
              ],
              "expect": {
                "codes": [
                  "N003"
                ],
                "authenticated": false,
                "callbacks": [
                  "setAuthenticationStatus",
                  "navigateToUrl"
                ]
              }
            }
            """
        ),
    ]
}
