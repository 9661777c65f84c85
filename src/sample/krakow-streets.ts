/** A street of Kraków with a rough point on it, used to give sample installations addresses. */
export interface KrakowStreet {
  readonly street: string;
  /** The part of the city people would name, shown as `displayAddress1`. */
  readonly area: string;
  readonly latitude: number;
  readonly longitude: number;
}

const street = (name: string, area: string, latitude: number, longitude: number): KrakowStreet =>
  Object.freeze({ street: name, area, latitude, longitude });

/**
 * Streets across Kraków, each with an approximate point (good to a few hundred metres; only
 * used to pick the nearest street name for a generated location). Denser in the centre, like
 * the sample network itself.
 */
export const KRAKOW_STREETS: readonly KrakowStreet[] = Object.freeze([
  street('Rynek Główny', 'Stare Miasto', 50.0617, 19.9373),
  street('Floriańska', 'Stare Miasto', 50.0637, 19.9393),
  street('Grodzka', 'Stare Miasto', 50.0566, 19.9378),
  street('Szewska', 'Stare Miasto', 50.0622, 19.9342),
  street('Sławkowska', 'Stare Miasto', 50.064, 19.937),
  street('Basztowa', 'Stare Miasto', 50.066, 19.94),
  street('Westerplatte', 'Stare Miasto', 50.061, 19.944),
  street('Straszewskiego', 'Stare Miasto', 50.0575, 19.9325),
  street('Podwale', 'Stare Miasto', 50.0605, 19.9318),
  street('Zwierzyniecka', 'Stare Miasto', 50.0575, 19.93),
  street('Dietla', 'Kazimierz', 50.0525, 19.943),
  street('Józefa', 'Kazimierz', 50.051, 19.9455),
  street('Krakowska', 'Kazimierz', 50.0505, 19.9415),
  street('Starowiślna', 'Kazimierz', 50.056, 19.947),
  street('Lubicz', 'Grzegórzki', 50.0655, 19.949),
  street('Grzegórzecka', 'Grzegórzki', 50.059, 19.956),
  street('Mogilska', 'Grzegórzki', 50.0655, 19.978),
  street('Rakowicka', 'Grzegórzki', 50.072, 19.956),
  street('Karmelicka', 'Piasek', 50.0668, 19.9305),
  street('Aleja Zygmunta Krasińskiego', 'Nowy Świat', 50.0585, 19.9255),
  street('Aleja Adama Mickiewicza', 'Czarna Wieś', 50.066, 19.9225),
  street('Czarnowiejska', 'Czarna Wieś', 50.068, 19.914),
  street('Nawojki', 'Czarna Wieś', 50.071, 19.906),
  street('Królewska', 'Krowodrza', 50.074, 19.921),
  street('Wrocławska', 'Krowodrza', 50.08, 19.917),
  street('Długa', 'Kleparz', 50.0705, 19.9385),
  street('Kamienna', 'Kleparz', 50.0745, 19.9395),
  street('Prądnicka', 'Prądnik Biały', 50.085, 19.929),
  street('Opolska', 'Prądnik Biały', 50.088, 19.92),
  street('Pachońskiego', 'Prądnik Biały', 50.098, 19.925),
  street('Wybickiego', 'Prądnik Czerwony', 50.083, 19.943),
  street('Dobrego Pasterza', 'Prądnik Czerwony', 50.088, 19.968),
  street('Radzikowskiego', 'Krowodrza Górka', 50.088, 19.905),
  street('Armii Krajowej', 'Bronowice', 50.071, 19.895),
  street('Bronowicka', 'Bronowice', 50.08, 19.905),
  street('Balicka', 'Bronowice Wielkie', 50.085, 19.865),
  street('Josepha Conrada', 'Górka Narodowa', 50.09, 19.895),
  street('Piastowska', 'Zwierzyniec', 50.065, 19.899),
  street('Królowej Jadwigi', 'Wola Justowska', 50.057, 19.885),
  street('Konopnickiej', 'Dębniki', 50.046, 19.928),
  street('Kapelanka', 'Dębniki', 50.04, 19.918),
  street('Tyniecka', 'Dębniki', 50.04, 19.905),
  street('Kobierzyńska', 'Ruczaj', 50.03, 19.908),
  street('Ruczaj', 'Ruczaj', 50.022, 19.913),
  street('Kalwaryjska', 'Podgórze', 50.044, 19.949),
  street('Limanowskiego', 'Podgórze', 50.044, 19.956),
  street('Lipowa', 'Zabłocie', 50.0475, 19.961),
  street('Wielicka', 'Płaszów', 50.033, 19.98),
  street('Kamieńskiego', 'Łagiewniki', 50.0275, 19.955),
  street('Łagiewnicka', 'Łagiewniki', 50.026, 19.935),
  street('Zakopiańska', 'Borek Fałęcki', 50.015, 19.93),
  street('Zawiła', 'Borek Fałęcki', 50.005, 19.92),
  street('Teligi', 'Wola Duchacka', 50.015, 19.952),
  street('Witosa', 'Kurdwanów', 50.01, 19.962),
  street('Nowosądecka', 'Kurdwanów', 50.014, 19.972),
  street('Bieżanowska', 'Prokocim', 50.025, 19.995),
  street('Stojałowskiego', 'Bieżanów', 50.018, 20.005),
  street('Nowohucka', 'Czyżyny', 50.052, 20.005),
  street('Aleja Jana Pawła II', 'Czyżyny', 50.07, 20.01),
  street('Aleja Generała Tadeusza Bora-Komorowskiego', 'Mistrzejowice', 50.086, 19.995),
  street('Makuszyńskiego', 'Mistrzejowice', 50.095, 20.005),
  street('Ptaszyckiego', 'Nowa Huta', 50.076, 20.03),
  street('Aleja Róż', 'Nowa Huta', 50.072, 20.037),
  street('Bulwarowa', 'Nowa Huta', 50.069, 20.056),
  street('Kocmyrzowska', 'Nowa Huta', 50.084, 20.04),
]);
