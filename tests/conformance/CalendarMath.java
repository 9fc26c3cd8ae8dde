// Calendar arithmetic with integers: leap years, day of week (Zeller), days between dates, month calendars.
public class CalendarMath {
    static boolean leap(int y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }
    static int daysIn(int y, int m) { return m == 2 ? (leap(y) ? 29 : 28) : (m == 4 || m == 6 || m == 9 || m == 11) ? 30 : 31; }
    static int dow(int y, int m, int d) {   // 0 = Saturday (Zeller)
        if (m < 3) { m += 12; y--; }
        int k = y % 100, j = y / 100;
        return (d + 13 * (m + 1) / 5 + k + k / 4 + j / 4 + 5 * j) % 7;
    }
    static long epochDay(int y, int m, int d) {
        long days = 0;
        for (int yy = 1970; yy < y; yy++) days += leap(yy) ? 366 : 365;
        for (int mm = 1; mm < m; mm++) days += daysIn(y, mm);
        return days + d - 1;
    }
    public static void main(String[] args) {
        String[] names = {"Sat", "Sun", "Mon", "Tue", "Wed", "Thu", "Fri"};
        int[][] dates = {{1970, 1, 1}, {2000, 2, 29}, {2008, 3, 5}, {2024, 12, 25}, {1999, 12, 31}, {2038, 1, 19}};
        for (int[] d : dates) System.out.println(d[0] + "-" + d[1] + "-" + d[2] + " " + names[dow(d[0], d[1], d[2])] + " epochDay " + epochDay(d[0], d[1], d[2]));
        int leaps = 0;
        for (int y = 1600; y <= 2400; y++) if (leap(y)) leaps++;
        System.out.println("leap years 1600..2400: " + leaps);
        int y = 2008, m = 3;
        System.out.println(" Su Mo Tu We Th Fr Sa");
        StringBuilder sb = new StringBuilder();
        int first = (dow(y, m, 1) + 6) % 7;
        for (int i = 0; i < first; i++) sb.append("   ");
        for (int d = 1; d <= daysIn(y, m); d++) {
            sb.append(d < 10 ? "  " : " ").append(d);
            if ((first + d) % 7 == 0) { System.out.println(sb); sb.setLength(0); }
        }
        if (sb.length() > 0) System.out.println(sb);
        int fridays13 = 0;
        for (int yy = 1900; yy < 2100; yy++) for (int mm = 1; mm <= 12; mm++) if (dow(yy, mm, 13) == 6) fridays13++;
        System.out.println("Friday 13ths 1900-2099: " + fridays13);
    }
}
