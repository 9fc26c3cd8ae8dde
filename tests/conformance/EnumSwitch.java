// switch over enums (synthetic $SwitchMap$ arrays), including default and fall-through.
public class EnumSwitch {
    enum Day { MON, TUE, WED, THU, FRI, SAT, SUN }
    enum Proto { TCP, UDP, ICMP, OTHER }

    static String kind(Day d) {
        switch (d) {
            case SAT:
            case SUN:
                return "weekend";
            case FRI:
                return "almost";
            default:
                return "work";
        }
    }
    static int port(Proto p) {
        int r = 0;
        switch (p) {
            case TCP: r += 80;
            case UDP: r += 53; break;
            case ICMP: r = -1; break;
        }
        return r;
    }
    public static void main(String[] args) {
        for (Day d : Day.values()) System.out.println(d + " " + kind(d));
        for (Proto p : Proto.values()) System.out.println(p + " " + port(p));
        int weekend = 0;
        for (int i = 0; i < 700; i++) if (kind(Day.values()[i % 7]).equals("weekend")) weekend++;
        System.out.println("weekend days " + weekend);
        Day nul = null;
        try {
            kind(nul);
        } catch (NullPointerException e) {
            System.out.println("null enum switch -> NPE");
        }
    }
}
