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
                  "sendTrackingData",
                  "selectedProvider",
                  "setMetadataStatus",
                  "preauthorizedResources"
                ],
                "steps": [
                  "B.2",
                  "D.2",
                  "B.3",
                  "M.1",
                  "C.7"
                ],
                "exact": true
              }
            }
            """
        ),
        (
            "sdk-tvos-apple-sso",
            """
            {
              "name": "sdk-tvos-apple-sso",
              "description": "AccessEnabler on Apple TV with the default requestor setting (seed 004, step 4): Apple's picker, then the silent exchange as on iOS; setToken on play.",
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
                  "sendTrackingData",
                  "presentTvProviderDialog",
                  "setAuthenticationStatus",
                  "sendTrackingData",
                  "selectedProvider",
                  "setMetadataStatus",
                  "preauthorizedResources",
                  "setToken",
                  "sendTrackingData"
                ],
                "steps": [
                  "B.2",
                  "B.3",
                  "D.1",
                  "D.2",
                  "M.1",
                  "C.7",
                  "F.1"
                ],
                "exact": true
              }
            }
            """
        ),
        (
            "sdk-tvos-apple-sso-registration-code",
            """
            {
              "name": "sdk-tvos-apple-sso-registration-code",
              "description": "AccessEnabler on Apple TV for a requestor set to seed 001's variant (section E): after the provider is chosen in Apple's picker, a registration code and polling instead of the silent exchange. The second screen signs in at the MVPD, so the token's source is the MVPD.",
              "platform": "tvos",
              "integration": "sdk",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "pick Aurora Cable",
                "sign-in-as demo",
                "complete-second-screen as demo",
                "play deep-space"
              ],
              "expect": {
                "codes": [
                  "REGCODE"
                ],
                "authenticated": true,
                "mvpd": "AuroraCable",
                "profileType": "regular",
                "decisions": [
                  "permit deep-space"
                ],
                "callbacks": [
                  "setRequestorComplete",
                  "setAuthenticationStatus",
                  "sendTrackingData",
                  "presentTvProviderDialog",
                  "sendTrackingData",
                  "status",
                  "setAuthenticationStatus",
                  "sendTrackingData",
                  "selectedProvider",
                  "setMetadataStatus",
                  "preauthorizedResources",
                  "setToken",
                  "sendTrackingData"
                ],
                "steps": [
                  "B.2",
                  "B.3",
                  "D.1",
                  "E.2",
                  "M.1",
                  "C.7",
                  "F.1"
                ],
                "exact": true
              },
              "backend": {
                "requestors": {
                  "ORBIT": {
                    "sdkTVAppleSSO": "registration-code"
                  }
                }
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
                  "sendTrackingData",
                  "selectedProvider",
                  "setMetadataStatus",
                  "preauthorizedResources"
                ],
                "steps": [
                  "B.2",
                  "D.2",
                  "B.3",
                  "M.1",
                  "C.7"
                ],
                "exact": true
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
                "mvpd": "Cascade",
                "callbacks": [
                  "setRequestorComplete",
                  "setAuthenticationStatus",
                  "sendTrackingData",
                  "presentTvProviderDialog",
                  "status",
                  "displayProviderDialog",
                  "sendTrackingData",
                  "navigateToUrl",
                  "setAuthenticationStatus",
                  "sendTrackingData",
                  "selectedProvider",
                  "setMetadataStatus",
                  "preauthorizedResources"
                ],
                "steps": [
                  "B.2",
                  "B.3",
                  "D.1",
                  "C.2",
                  "C.3",
                  "C.6",
                  "M.1",
                  "C.7"
                ],
                "exact": true
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
        (
            "sdk-ios-safari-view-controller",
            """
            {
              "name": "sdk-ios-safari-view-controller",
              "description": "AccessEnabler app that opens the MVPD login in an SFSafariViewController: the SDK calls navigateToUrl:useSVC, and the login ends on the app's custom scheme instead of adobepass://ios.app (seed 001, C.3, C.5); then handleExternalURL.",
              "platform": "ios",
              "integration": "sdk",
              "app": {
                "usesSafariViewController": true
              },
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
                  "setRequestorComplete",
                  "setAuthenticationStatus",
                  "sendTrackingData",
                  "presentTvProviderDialog",
                  "dismissTvProviderDialog",
                  "status",
                  "displayProviderDialog",
                  "sendTrackingData",
                  "navigateToUrl:useSVC",
                  "setAuthenticationStatus",
                  "sendTrackingData",
                  "selectedProvider",
                  "setMetadataStatus",
                  "preauthorizedResources",
                  "setAuthenticationStatus",
                  "navigateToUrl:useSVC"
                ],
                "steps": [
                  "B.2",
                  "B.3",
                  "D.1",
                  "C.2",
                  "C.3",
                  "C.6",
                  "M.1",
                  "C.7",
                  "I.1",
                  "C.6"
                ],
                "exact": true
              }
            }
            """
        ),
        (
            "sdk-ios-foreground-check-authorization",
            """
            {
              "name": "sdk-ios-foreground-check-authorization",
              "description": "AccessEnabler, a title playing: back in the foreground the app calls checkAuthorization, which refreshes the partner status and answers setToken without starting any authentication.",
              "platform": "ios",
              "integration": "sdk",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "pick Aurora Cable",
                "sign-in-as demo",
                "play deep-space",
                "foreground"
              ],
              "expect": {
                "codes": [],
                "authenticated": true,
                "mvpd": "AuroraCable",
                "profileType": "appleSSO",
                "decisions": [
                  "permit deep-space",
                  "permit deep-space"
                ],
                "callbacks": [
                  "setRequestorComplete",
                  "setAuthenticationStatus",
                  "sendTrackingData",
                  "presentTvProviderDialog",
                  "setAuthenticationStatus",
                  "sendTrackingData",
                  "selectedProvider",
                  "setMetadataStatus",
                  "preauthorizedResources",
                  "setToken",
                  "sendTrackingData",
                  "setToken",
                  "sendTrackingData"
                ],
                "steps": [
                  "B.2",
                  "B.3",
                  "D.1",
                  "D.2",
                  "M.1",
                  "C.7",
                  "F.1",
                  "A.1"
                ],
                "exact": true
              }
            }
            """
        ),
        (
            "sdk-ios-foreground-permission-withdrawn",
            """
            {
              "name": "sdk-ios-foreground-permission-withdrawn",
              "description": "AccessEnabler, signed in through Apple SSO: the user withdraws the permission in Settings and returns; the app checks the permission and calls checkAuthentication, which raises VSA403 (signed in at system level) and answers 0.",
              "platform": "ios",
              "integration": "sdk",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "pick Aurora Cable",
                "sign-in-as demo",
                "settings permission denied",
                "foreground"
              ],
              "expect": {
                "codes": [
                  "VSA403"
                ],
                "authenticated": false,
                "steps": [
                  "B.2",
                  "B.3",
                  "D.1",
                  "D.2",
                  "M.1",
                  "C.7",
                  "B.3"
                ],
                "callbacks": [
                  "setRequestorComplete",
                  "setAuthenticationStatus",
                  "sendTrackingData",
                  "presentTvProviderDialog",
                  "setAuthenticationStatus",
                  "sendTrackingData",
                  "selectedProvider",
                  "setMetadataStatus",
                  "preauthorizedResources",
                  "status",
                  "setAuthenticationStatus",
                  "sendTrackingData"
                ],
                "exact": true
              }
            }
            """
        ),
        (
            "sdk-ios-already-authenticated",
            """
            {
              "name": "sdk-ios-already-authenticated",
              "description": "AccessEnabler on iPhone, exchanged silently at launch: getAuthentication while authenticated answers setAuthenticationStatus(1) at once.",
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
                "launch",
                "sign-in"
              ],
              "expect": {
                "codes": [],
                "authenticated": true,
                "mvpd": "AuroraCable",
                "profileType": "appleSSO",
                "callbacks": [
                  "setRequestorComplete",
                  "setAuthenticationStatus",
                  "sendTrackingData",
                  "selectedProvider",
                  "setMetadataStatus",
                  "preauthorizedResources",
                  "setAuthenticationStatus",
                  "sendTrackingData"
                ],
                "steps": [
                  "B.2",
                  "D.2",
                  "B.3",
                  "M.1",
                  "C.7",
                  "D.1"
                ],
                "exact": true
              }
            }
            """
        ),
        (
            "sdk-ios-appl-framework-error",
            """
            {
              "name": "sdk-ios-appl-framework-error",
              "description": "AccessEnabler on iPhone, signed in at system level in a region without TV Provider: APPL at setRequestor, APPL_ERROR at checkAuthentication (seed 004, steps 2 and 3).",
              "platform": "ios",
              "integration": "sdk",
              "device": {
                "permission": "granted",
                "signedIn": {
                  "provider": "tvsim.aurora",
                  "persona": "demo"
                },
                "region": "FR"
              },
              "steps": [
                "launch"
              ],
              "expect": {
                "codes": [
                  "APPL",
                  "APPL_ERROR"
                ],
                "authenticated": false,
                "callbacks": [
                  "status",
                  "setRequestorComplete",
                  "status",
                  "setAuthenticationStatus",
                  "sendTrackingData"
                ],
                "steps": [
                  "B.2",
                  "B.3"
                ],
                "exact": true
              }
            }
            """
        ),
        (
            "sdk-ios-n004-not-integrated",
            """
            {
              "name": "sdk-ios-n004-not-integrated",
              "description": "AccessEnabler on iPhone, signed in at system level to a provider this requestor has no integration with: getAuthentication raises N004, then displayProviderDialog (seed 004, step 4).",
              "platform": "ios",
              "integration": "sdk",
              "device": {
                "permission": "granted",
                "signedIn": {
                  "provider": "tvsim.ironwood",
                  "persona": "demo"
                }
              },
              "steps": [
                "launch",
                "sign-in",
                "choose Cascade",
                "sign-in-as demo"
              ],
              "expect": {
                "codes": [
                  "N004"
                ],
                "authenticated": true,
                "mvpd": "Cascade",
                "profileType": "regular",
                "callbacks": [
                  "setRequestorComplete",
                  "setAuthenticationStatus",
                  "sendTrackingData",
                  "presentTvProviderDialog",
                  "status",
                  "displayProviderDialog",
                  "sendTrackingData",
                  "navigateToUrl",
                  "setAuthenticationStatus",
                  "sendTrackingData",
                  "selectedProvider",
                  "setMetadataStatus",
                  "preauthorizedResources"
                ],
                "steps": [
                  "B.2",
                  "B.3",
                  "D.1",
                  "C.2",
                  "C.3",
                  "C.6",
                  "M.1",
                  "C.7"
                ],
                "exact": true
              }
            }
            """
        ),
        (
            "sdk-ios-no-sso-mvpd",
            """
            {
              "name": "sdk-ios-no-sso-mvpd",
              "description": "AccessEnabler on iPhone for a requestor whose MVPDs have no Apple SSO: getAuthentication goes straight to displayProviderDialog, with no presentTvProviderDialog and no code (seed 001, D.1).",
              "platform": "ios",
              "integration": "sdk",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "choose Westgate",
                "sign-in-as demo"
              ],
              "expect": {
                "codes": [],
                "authenticated": true,
                "mvpd": "Westgate",
                "profileType": "regular",
                "callbacks": [
                  "setRequestorComplete",
                  "setAuthenticationStatus",
                  "sendTrackingData",
                  "displayProviderDialog",
                  "sendTrackingData",
                  "navigateToUrl",
                  "setAuthenticationStatus",
                  "sendTrackingData",
                  "selectedProvider",
                  "setMetadataStatus",
                  "preauthorizedResources"
                ],
                "steps": [
                  "B.2",
                  "B.3",
                  "D.1",
                  "C.2",
                  "C.3",
                  "C.6",
                  "M.1",
                  "C.7"
                ],
                "exact": true
              },
              "backend": {
                "requestors": {
                  "ORBIT": {
                    "mvpds": [
                      "Bluebonnet",
                      "SenalNorte",
                      "Westgate",
                      "Outpost"
                    ]
                  }
                }
              }
            }
            """
        ),
        (
            "sdk-ios-picker-only-no-code",
            """
            {
              "name": "sdk-ios-picker-only-no-code",
              "description": "AccessEnabler on iPhone: a provider in Apple's picker without Apple SSO raises no code; the SDK selects it silently and calls navigateToUrl (seed 004, step 4).",
              "platform": "ios",
              "integration": "sdk",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "pick Señal Norte TV",
                "sign-in-as demo"
              ],
              "expect": {
                "codes": [],
                "authenticated": true,
                "mvpd": "SenalNorte",
                "profileType": "regular",
                "callbacks": [
                  "setRequestorComplete",
                  "setAuthenticationStatus",
                  "sendTrackingData",
                  "presentTvProviderDialog",
                  "sendTrackingData",
                  "navigateToUrl",
                  "setAuthenticationStatus",
                  "sendTrackingData",
                  "selectedProvider",
                  "setMetadataStatus",
                  "preauthorizedResources"
                ],
                "steps": [
                  "B.2",
                  "B.3",
                  "D.1",
                  "C.3",
                  "C.6",
                  "M.1",
                  "C.7"
                ],
                "exact": true
              }
            }
            """
        ),
        (
            "sdk-ios-signed-out-launch",
            """
            {
              "name": "sdk-ios-signed-out-launch",
              "description": "AccessEnabler on iPhone, signed out everywhere: setRequestorComplete, then checkAuthentication answers setAuthenticationStatus(0) and no code (seed 004, step 3).",
              "platform": "ios",
              "integration": "sdk",
              "steps": [
                "launch",
                "allow"
              ],
              "expect": {
                "codes": [],
                "authenticated": false,
                "callbacks": [
                  "setRequestorComplete",
                  "setAuthenticationStatus",
                  "sendTrackingData"
                ],
                "steps": [
                  "B.2",
                  "B.3"
                ],
                "exact": true
              }
            }
            """
        ),
        (
            "sdk-ios-calls-before-set-requestor-complete",
            """
            {
              "name": "sdk-ios-calls-before-set-requestor-complete",
              "description": "AccessEnabler app that calls checkAuthentication without waiting for setRequestorComplete (seed 001, B.2, the second option): the SDK queues the call and runs it once setRequestor is done.",
              "platform": "ios",
              "integration": "sdk",
              "steps": [
                "launch",
                "allow"
              ],
              "expect": {
                "codes": [],
                "authenticated": false,
                "callbacks": [
                  "setRequestorComplete",
                  "setAuthenticationStatus",
                  "sendTrackingData"
                ],
                "steps": [
                  "B.2",
                  "B.3"
                ],
                "exact": true,
                "mentions": [
                  "B.2 setRequestor",
                  "The app calls checkAuthentication().",
                  "the SDK queues checkAuthentication",
                  "setRequestorComplete(ACCESS_ENABLER_STATUS_SUCCESS)",
                  "the SDK runs the queued checkAuthentication",
                  "B.3 checkAuthentication"
                ]
              },
              "app": {
                "waitsForSetRequestorComplete": false
              }
            }
            """
        ),
        (
            "sdk-ios-token-ttl-passed",
            """
            {
              "name": "sdk-ios-token-ttl-passed",
              "description": "AccessEnabler on iPhone: a regular sign-in, then the authentication token's TTL passes; at the next launch checkAuthentication answers setAuthenticationStatus(0) (seed 004, step 3).",
              "platform": "ios",
              "integration": "sdk",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "other",
                "choose Cascade",
                "sign-in-as demo",
                "wait 31d",
                "launch"
              ],
              "expect": {
                "codes": [
                  "N003"
                ],
                "authenticated": false,
                "callbacks": [
                  "setRequestorComplete",
                  "setAuthenticationStatus",
                  "sendTrackingData",
                  "presentTvProviderDialog",
                  "dismissTvProviderDialog",
                  "status",
                  "displayProviderDialog",
                  "sendTrackingData",
                  "navigateToUrl",
                  "setAuthenticationStatus",
                  "sendTrackingData",
                  "selectedProvider",
                  "setMetadataStatus",
                  "preauthorizedResources",
                  "setRequestorComplete",
                  "setAuthenticationStatus",
                  "sendTrackingData"
                ],
                "steps": [
                  "B.2",
                  "B.3",
                  "D.1",
                  "C.2",
                  "C.3",
                  "C.6",
                  "M.1",
                  "C.7",
                  "B.2",
                  "B.3"
                ],
                "exact": true
              }
            }
            """
        ),
        (
            "sdk-ios-vsa403-signed-in-at-system-level",
            """
            {
              "name": "sdk-ios-vsa403-signed-in-at-system-level",
              "description": "AccessEnabler on iPhone, signed in at system level with the permission denied: VSA403 at setRequestor (seed 004, step 2) and again at checkAuthentication (step 3).",
              "platform": "ios",
              "integration": "sdk",
              "device": {
                "permission": "denied",
                "signedIn": {
                  "provider": "tvsim.aurora",
                  "persona": "demo"
                }
              },
              "steps": [
                "launch"
              ],
              "expect": {
                "codes": [
                  "VSA403",
                  "VSA403"
                ],
                "authenticated": false,
                "callbacks": [
                  "status",
                  "setRequestorComplete",
                  "status",
                  "setAuthenticationStatus",
                  "sendTrackingData"
                ],
                "steps": [
                  "B.2",
                  "B.3"
                ],
                "exact": true
              }
            }
            """
        ),
        (
            "sdk-ios-vsa404",
            """
            {
              "name": "sdk-ios-vsa404",
              "description": "AccessEnabler on iPhone with the alert dismissed twice: VSA404 at setRequestor and getAuthentication, then displayProviderDialog and navigateToUrl.",
              "platform": "ios",
              "integration": "sdk",
              "steps": [
                "launch",
                "dismiss",
                "sign-in",
                "dismiss",
                "choose Cascade",
                "sign-in-as demo"
              ],
              "expect": {
                "codes": [
                  "VSA404",
                  "VSA404"
                ],
                "authenticated": true,
                "mvpd": "Cascade",
                "profileType": "regular",
                "callbacks": [
                  "status",
                  "setRequestorComplete",
                  "setAuthenticationStatus",
                  "sendTrackingData",
                  "status",
                  "displayProviderDialog",
                  "sendTrackingData",
                  "navigateToUrl",
                  "setAuthenticationStatus",
                  "sendTrackingData",
                  "selectedProvider",
                  "setMetadataStatus",
                  "preauthorizedResources"
                ],
                "steps": [
                  "B.2",
                  "B.3",
                  "D.1",
                  "C.2",
                  "C.3",
                  "C.6",
                  "M.1",
                  "C.7"
                ],
                "exact": true
              }
            }
            """
        ),
        (
            "sdk-tvos-appl-framework-error",
            """
            {
              "name": "sdk-tvos-appl-framework-error",
              "description": "AccessEnabler on Apple TV, signed in at system level in a region without TV Provider: APPL at setRequestor, APPL_ERROR at checkAuthentication (seed 004, steps 2 and 3).",
              "platform": "tvos",
              "integration": "sdk",
              "device": {
                "permission": "granted",
                "signedIn": {
                  "provider": "tvsim.aurora",
                  "persona": "demo"
                },
                "region": "FR"
              },
              "steps": [
                "launch"
              ],
              "expect": {
                "codes": [
                  "APPL",
                  "APPL_ERROR"
                ],
                "authenticated": false,
                "callbacks": [
                  "status",
                  "setRequestorComplete",
                  "status",
                  "setAuthenticationStatus",
                  "sendTrackingData"
                ],
                "steps": [
                  "B.2",
                  "B.3"
                ],
                "exact": true
              }
            }
            """
        ),
        (
            "sdk-tvos-n003",
            """
            {
              "name": "sdk-tvos-n003",
              "description": "AccessEnabler on Apple TV: “Other TV Provider” dismisses Apple's dialog, raises N003 and displayProviderDialog; the code goes to a second screen.",
              "platform": "tvos",
              "integration": "sdk",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "other",
                "choose Cascade",
                "complete-second-screen as demo"
              ],
              "expect": {
                "codes": [
                  "N003",
                  "REGCODE"
                ],
                "authenticated": true,
                "mvpd": "Cascade",
                "profileType": "regular",
                "callbacks": [
                  "setRequestorComplete",
                  "setAuthenticationStatus",
                  "sendTrackingData",
                  "presentTvProviderDialog",
                  "dismissTvProviderDialog",
                  "status",
                  "displayProviderDialog",
                  "sendTrackingData",
                  "status",
                  "setAuthenticationStatus",
                  "sendTrackingData",
                  "selectedProvider",
                  "setMetadataStatus",
                  "preauthorizedResources"
                ],
                "steps": [
                  "B.2",
                  "B.3",
                  "D.1",
                  "C.2",
                  "E.2",
                  "M.1",
                  "C.7"
                ],
                "exact": true
              }
            }
            """
        ),
        (
            "sdk-tvos-n004-not-integrated",
            """
            {
              "name": "sdk-tvos-n004-not-integrated",
              "description": "AccessEnabler on Apple TV, signed in at system level to a provider this requestor has no integration with: getAuthentication raises N004, then displayProviderDialog (seed 004, step 4).",
              "platform": "tvos",
              "integration": "sdk",
              "device": {
                "permission": "granted",
                "signedIn": {
                  "provider": "tvsim.ironwood",
                  "persona": "demo"
                }
              },
              "steps": [
                "launch",
                "sign-in",
                "choose Cascade",
                "complete-second-screen as demo"
              ],
              "expect": {
                "codes": [
                  "N004",
                  "REGCODE"
                ],
                "authenticated": true,
                "mvpd": "Cascade",
                "profileType": "regular",
                "callbacks": [
                  "setRequestorComplete",
                  "setAuthenticationStatus",
                  "sendTrackingData",
                  "presentTvProviderDialog",
                  "status",
                  "displayProviderDialog",
                  "sendTrackingData",
                  "status",
                  "setAuthenticationStatus",
                  "sendTrackingData",
                  "selectedProvider",
                  "setMetadataStatus",
                  "preauthorizedResources"
                ],
                "steps": [
                  "B.2",
                  "B.3",
                  "D.1",
                  "C.2",
                  "E.2",
                  "M.1",
                  "C.7"
                ],
                "exact": true
              }
            }
            """
        ),
        (
            "sdk-tvos-n005",
            """
            {
              "name": "sdk-tvos-n005",
              "description": "AccessEnabler on Apple TV: Apple's picker cancelled (dismissTvProviderDialog, N005, displayProviderDialog), then the app's picker cancelled (N005).",
              "platform": "tvos",
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
                  "setRequestorComplete",
                  "setAuthenticationStatus",
                  "sendTrackingData",
                  "presentTvProviderDialog",
                  "dismissTvProviderDialog",
                  "status",
                  "displayProviderDialog",
                  "status",
                  "setAuthenticationStatus",
                  "sendTrackingData"
                ],
                "steps": [
                  "B.2",
                  "B.3",
                  "D.1",
                  "C.2"
                ],
                "exact": true
              }
            }
            """
        ),
        (
            "sdk-tvos-vsa403",
            """
            {
              "name": "sdk-tvos-vsa403",
              "description": "AccessEnabler on Apple TV with TV Provider access denied: VSA403 at setRequestor and getAuthentication, then displayProviderDialog and a registration code.",
              "platform": "tvos",
              "integration": "sdk",
              "steps": [
                "launch",
                "deny",
                "sign-in",
                "choose Cascade",
                "complete-second-screen as demo"
              ],
              "expect": {
                "codes": [
                  "VSA403",
                  "VSA403",
                  "REGCODE"
                ],
                "authenticated": true,
                "mvpd": "Cascade",
                "profileType": "regular",
                "callbacks": [
                  "status",
                  "setRequestorComplete",
                  "setAuthenticationStatus",
                  "sendTrackingData",
                  "status",
                  "displayProviderDialog",
                  "sendTrackingData",
                  "status",
                  "setAuthenticationStatus",
                  "sendTrackingData",
                  "selectedProvider",
                  "setMetadataStatus",
                  "preauthorizedResources"
                ],
                "steps": [
                  "B.2",
                  "B.3",
                  "D.1",
                  "C.2",
                  "E.2",
                  "M.1",
                  "C.7"
                ],
                "exact": true
              }
            }
            """
        ),
        (
            "sdk-tvos-vsa404-signed-in-at-system-level",
            """
            {
              "name": "sdk-tvos-vsa404-signed-in-at-system-level",
              "description": "AccessEnabler on Apple TV, signed in at system level, the alert dismissed: VSA404 at setRequestor and at checkAuthentication, then VSA404 and displayProviderDialog at getAuthentication (seed 004, steps 2–4).",
              "platform": "tvos",
              "integration": "sdk",
              "device": {
                "signedIn": {
                  "provider": "tvsim.aurora",
                  "persona": "demo"
                }
              },
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
                  "VSA404",
                  "REGCODE"
                ],
                "authenticated": true,
                "mvpd": "Keystone",
                "profileType": "regular",
                "callbacks": [
                  "status",
                  "setRequestorComplete",
                  "status",
                  "setAuthenticationStatus",
                  "sendTrackingData",
                  "status",
                  "displayProviderDialog",
                  "sendTrackingData",
                  "status",
                  "setAuthenticationStatus",
                  "sendTrackingData",
                  "selectedProvider",
                  "setMetadataStatus",
                  "preauthorizedResources"
                ],
                "steps": [
                  "B.2",
                  "B.3",
                  "D.1",
                  "C.2",
                  "E.2",
                  "M.1",
                  "C.7"
                ],
                "exact": true
              }
            }
            """
        ),
        (
            "sdk-tvos-vsa503",
            """
            {
              "name": "sdk-tvos-vsa503",
              "description": "AccessEnabler on Apple TV: the provider does not answer its sign-in: VSA503 and displayProviderDialog (seed 004, step 4), then a registration code.",
              "platform": "tvos",
              "integration": "sdk",
              "steps": [
                "launch",
                "allow",
                "sign-in",
                "pick Driftwood Cable",
                "sign-in-as demo",
                "choose Cascade",
                "complete-second-screen as demo"
              ],
              "expect": {
                "codes": [
                  "VSA503",
                  "REGCODE"
                ],
                "authenticated": true,
                "mvpd": "Cascade",
                "profileType": "regular",
                "callbacks": [
                  "setRequestorComplete",
                  "setAuthenticationStatus",
                  "sendTrackingData",
                  "presentTvProviderDialog",
                  "status",
                  "displayProviderDialog",
                  "sendTrackingData",
                  "status",
                  "setAuthenticationStatus",
                  "sendTrackingData",
                  "selectedProvider",
                  "setMetadataStatus",
                  "preauthorizedResources"
                ],
                "steps": [
                  "B.2",
                  "B.3",
                  "D.1",
                  "C.2",
                  "E.2",
                  "M.1",
                  "C.7"
                ],
                "exact": true
              }
            }
            """
        ),
    ]
}
