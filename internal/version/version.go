// Package version names this build of Kibitz wherever it introduces
// itself: UCI's "id name", the API's health report and the page's engine.
//
// version imports nothing.
package version

// Name is the engine's name.
const Name = "Kibitz"

// Number is the release number.
const Number = "0.1"

// String is the name and number as the API and the page report them.
const String = "kibitz " + Number
