/** Major provinces/regions and cities per country, with rough coordinates: [name, lat, lng]. */
export const PLACE_DATA: Record<string, Record<string, [string, number, number][]>> = {
  CN: {
    Beijing: [['Beijing', 39.9, 116.4]],
    Shanghai: [['Shanghai', 31.23, 121.47]],
    Guangdong: [
      ['Guangzhou', 23.13, 113.26],
      ['Shenzhen', 22.54, 114.06],
      ['Dongguan', 23.02, 113.75],
      ['Foshan', 23.02, 113.12],
    ],
    Zhejiang: [
      ['Hangzhou', 30.27, 120.15],
      ['Ningbo', 29.87, 121.54],
      ['Wenzhou', 28.0, 120.67],
    ],
    Jiangsu: [
      ['Nanjing', 32.06, 118.8],
      ['Suzhou', 31.3, 120.58],
      ['Wuxi', 31.49, 120.31],
    ],
    Sichuan: [
      ['Chengdu', 30.57, 104.07],
      ['Mianyang', 31.47, 104.68],
    ],
    Hubei: [
      ['Wuhan', 30.59, 114.31],
      ['Yichang', 30.69, 111.29],
    ],
    Shandong: [
      ['Jinan', 36.65, 117.12],
      ['Qingdao', 36.07, 120.38],
    ],
    Fujian: [
      ['Fuzhou', 26.07, 119.3],
      ['Xiamen', 24.48, 118.09],
    ],
    Chongqing: [['Chongqing', 29.56, 106.55]],
  },
  HK: {
    'Hong Kong Island': [
      ['Central', 22.28, 114.16],
      ['Causeway Bay', 22.28, 114.18],
    ],
    Kowloon: [
      ['Tsim Sha Tsui', 22.3, 114.17],
      ['Mong Kok', 22.32, 114.17],
    ],
    'New Territories': [
      ['Sha Tin', 22.38, 114.19],
      ['Tsuen Wan', 22.37, 114.11],
      ['Tuen Mun', 22.39, 113.97],
    ],
  },
  US: {
    California: [
      ['Los Angeles', 34.05, -118.24],
      ['San Francisco', 37.77, -122.42],
      ['San Diego', 32.72, -117.16],
    ],
    'New York': [
      ['New York City', 40.71, -74.01],
      ['Buffalo', 42.89, -78.88],
    ],
    Texas: [
      ['Houston', 29.76, -95.37],
      ['Dallas', 32.78, -96.8],
      ['Austin', 30.27, -97.74],
    ],
    Florida: [
      ['Miami', 25.76, -80.19],
      ['Orlando', 28.54, -81.38],
    ],
    Illinois: [['Chicago', 41.88, -87.63]],
    Washington: [['Seattle', 47.61, -122.33]],
    Massachusetts: [['Boston', 42.36, -71.06]],
  },
  JP: {
    Tokyo: [
      ['Shinjuku', 35.69, 139.7],
      ['Shibuya', 35.66, 139.7],
    ],
    Osaka: [['Osaka', 34.69, 135.5]],
    Kanagawa: [['Yokohama', 35.44, 139.64]],
    Aichi: [['Nagoya', 35.18, 136.91]],
    Hokkaido: [['Sapporo', 43.06, 141.35]],
    Fukuoka: [['Fukuoka', 33.59, 130.4]],
    Kyoto: [['Kyoto', 35.01, 135.77]],
  },
  KR: {
    Seoul: [['Seoul', 37.57, 126.98]],
    Busan: [['Busan', 35.18, 129.08]],
    Incheon: [['Incheon', 37.46, 126.71]],
    Gyeonggi: [
      ['Suwon', 37.26, 127.03],
      ['Seongnam', 37.42, 127.13],
    ],
    Daegu: [['Daegu', 35.87, 128.6]],
    Jeju: [['Jeju City', 33.5, 126.53]],
  },
  TH: {
    Bangkok: [['Bangkok', 13.76, 100.5]],
    'Chiang Mai': [['Chiang Mai', 18.79, 98.98]],
    Phuket: [['Phuket', 7.88, 98.39]],
    'Chon Buri': [
      ['Pattaya', 12.93, 100.88],
      ['Chon Buri', 13.36, 100.98],
    ],
    'Khon Kaen': [['Khon Kaen', 16.43, 102.84]],
  },
  VN: {
    'Hà Nội': [['Hà Nội', 21.03, 105.85]],
    'Hồ Chí Minh': [['Hồ Chí Minh', 10.82, 106.63]],
    'Đà Nẵng': [['Đà Nẵng', 16.05, 108.2]],
    'Hải Phòng': [['Hải Phòng', 20.86, 106.68]],
    'Cần Thơ': [['Cần Thơ', 10.05, 105.75]],
    'Khánh Hòa': [['Nha Trang', 12.24, 109.19]],
  },
  ES: {
    Madrid: [['Madrid', 40.42, -3.7]],
    Cataluña: [
      ['Barcelona', 41.39, 2.17],
      ['Girona', 41.98, 2.82],
    ],
    Andalucía: [
      ['Sevilla', 37.39, -5.98],
      ['Málaga', 36.72, -4.42],
      ['Granada', 37.18, -3.6],
    ],
    'Comunidad Valenciana': [
      ['Valencia', 39.47, -0.38],
      ['Alicante', 38.35, -0.48],
    ],
    'País Vasco': [['Bilbao', 43.26, -2.93]],
  },
  FR: {
    'Île-de-France': [['Paris', 48.86, 2.35]],
    'Auvergne-Rhône-Alpes': [
      ['Lyon', 45.76, 4.84],
      ['Grenoble', 45.19, 5.72],
    ],
    'Provence-Alpes-Côte d’Azur': [
      ['Marseille', 43.3, 5.37],
      ['Nice', 43.7, 7.27],
    ],
    Occitanie: [
      ['Toulouse', 43.6, 1.44],
      ['Montpellier', 43.61, 3.88],
    ],
    'Nouvelle-Aquitaine': [['Bordeaux', 44.84, -0.58]],
    'Hauts-de-France': [['Lille', 50.63, 3.06]],
  },
};
