import LocatedJSON
import Testing

@testable import Localization

@Suite struct CatalogTests {
    /// The test a translator runs: every key of English in every language, with the same values.
    @Test func everyLanguageHasEveryKeyWithTheSameValues() {
        let problems = BuiltInCatalogs.problems
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        #expect(Set(BuiltInCatalogs.catalogs.keys) == Set(Language.allCases))
    }

    @Test func aMissingKeyIsReportedWithTheFileAndTheLineOfTheEnglishKey() throws {
        let english = try StringCatalog.parse(
            Array("{\n  \"a\": \"A\",\n  \"b\": \"B {n}\"\n}".utf8), file: "Strings/en.json", language: .english)
        let russian = try StringCatalog.parse(
            Array("{\n  \"b\": \"Б\",\n  \"c\": \"В\"\n}".utf8), file: "Strings/ru.json", language: .russian)
        #expect(
            russian.problems(against: english) == [
                "Strings/ru.json: missing key \"a\" (Strings/en.json:2)",
                "Strings/ru.json:2: \"b\" uses {} where Strings/en.json uses {n}",
                "Strings/ru.json:3: key \"c\" is not in Strings/en.json",
            ])
    }

    @Test func aBrokenCatalogNamesTheFileTheLineAndTheKey() {
        #expect(throws: DataFileError.self) {
            try StringCatalog.parse(Array("{\"a\": 1}".utf8), file: "x.json", language: .english)
        }
        do {
            _ = try StringCatalog.parse(
                Array("{\n  \"a\": \"A\",\n  \"a\": \"B\"\n}".utf8), file: "Strings/es.json", language: .spanish)
            Issue.record("a key written twice was accepted")
        } catch {
            #expect(error.description == "Strings/es.json:3:3: field 'a': the key is written twice")
        }
        do {
            _ = try StringCatalog.parse(Array("{\n\"t\": \"{app\"\n}".utf8), file: "zh.json", language: .english)
            Issue.record("an open brace was accepted")
        } catch {
            #expect(error.field == "t")
            #expect(error.location.line == 2)
        }
    }

    @Test func valuesGoInByName() {
        let strings = Strings.english
        #expect(strings("alert.title", ["app": "Orbit TV"]) == "“Orbit TV” Would Like Access to Your TV Provider")
        #expect(strings("no.such.key") == "no.such.key")
        #expect(Template.fill("{b} and {a} and {c}", [("a", "1"), ("b", "2")]) == "2 and 1 and {c}")
    }

    @Test func aTranslationFallsBackToEnglishOnlyForWhatItLacks() throws {
        let english = try StringCatalog.parse(
            Array("{\"a\": \"A\", \"b\": \"B\"}".utf8), file: "en", language: .english)
        let spanish = try StringCatalog.parse(Array("{\"a\": \"Á\"}".utf8), file: "es", language: .spanish)
        let strings = Strings(catalog: spanish, fallback: english)
        #expect(strings("a") == "Á")
        #expect(strings("b") == "B")
    }

    @Test func everyLanguageTranslatesTheDeviceScreens() {
        for language in Language.allCases where language != .english {
            let strings = Strings.of(language)
            for key in ["alert.allow", "picker.other", "picker.title", "settings.remove", "codeScreen.goTo"] {
                #expect(strings(key) != Strings.english(key), "\(language.tag) leaves \(key) in English")
            }
        }
    }
}

@Suite struct LanguageTests {
    @Test func theFlagTakesTheTagsAndTheirRegionalForms() throws {
        #expect(try Language(tag: "zh-Hant") == .traditionalChinese)
        #expect(try Language(tag: "ZH-hans") == .simplifiedChinese)
        #expect(try Language(tag: "zh-TW") == .traditionalChinese)
        #expect(try Language(tag: "es-419") == .spanish)
        #expect(try Language(tag: "ru") == .russian)
        #expect(throws: UnsupportedLanguage(tag: "fr")) { try Language(tag: "fr") }
        #expect(
            UnsupportedLanguage(tag: "fr").description
                == "unsupported language 'fr'; tvsim speaks en, es, zh-Hans, zh-Hant, ru")
    }

    @Test func theEnvironmentDecidesInPOSIXOrderAndFallsBackToEnglish() {
        #expect(Language.fromEnvironment(["LANG": "ru_RU.UTF-8"]) == .russian)
        #expect(Language.fromEnvironment(["LANG": "ru_RU.UTF-8", "LC_ALL": "zh_TW.UTF-8"]) == .traditionalChinese)
        #expect(Language.fromEnvironment(["LC_MESSAGES": "es_ES.UTF-8", "LANG": "ru_RU"]) == .spanish)
        #expect(Language.fromEnvironment(["LANG": "zh_CN.UTF-8"]) == .simplifiedChinese)
        #expect(Language.fromEnvironment(["LANG": "zh_HK.UTF-8"]) == .traditionalChinese)
        #expect(Language.fromEnvironment(["LANG": "C.UTF-8"]) == .english)
        #expect(Language.fromEnvironment(["LANG": "fr_FR.UTF-8"]) == .english)
        #expect(Language.fromEnvironment([:]) == .english)
    }

    @Test func acceptLanguagePicksTheHighestWeight() {
        #expect(Language.negotiate(acceptLanguage: "zh-TW,zh;q=0.9,en;q=0.8") == .traditionalChinese)
        #expect(Language.negotiate(acceptLanguage: "fr-FR, es;q=0.5, ru;q=0.7") == .russian)
        #expect(Language.negotiate(acceptLanguage: "fr, de") == .english)
        #expect(Language.negotiate(acceptLanguage: "ru;q=0, es") == .spanish)
        #expect(Language.negotiate(acceptLanguage: nil) == .english)
    }
}
