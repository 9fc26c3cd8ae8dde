// switch on char, byte and short values (promoted to int).
public class CharSwitch {
    static String kind(char c) {
        switch (c) {
            case 'a': case 'e': case 'i': case 'o': case 'u': return "vowel";
            case ' ': case '\t': case '\n': return "space";
            case '0': case '1': case '2': case '3': case '4':
            case '5': case '6': case '7': case '8': case '9': return "digit";
            case '\uffff': return "max";
            default: return "other";
        }
    }
    static int bsw(byte b) {
        switch (b) {
            case -128: return 1;
            case -1: return 2;
            case 0: return 3;
            case 127: return 4;
            default: return 0;
        }
    }
    static int ssw(short s) {
        switch (s) {
            case -32768: return 1;
            case 1000: return 2;
            case 32767: return 3;
            default: return 0;
        }
    }
    public static void main(String[] args) {
        String text = "hello world 2024\tok\n";
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            sb.append(kind(text.charAt(i)).charAt(0));
        }
        System.out.println(sb.toString());
        System.out.println(kind((char) 0xFFFF));
        byte[] bs = {-128, -1, 0, 127, 5};
        for (byte b : bs) System.out.println("byte " + b + " " + bsw(b));
        short[] ss = {-32768, 1000, 32767, 0};
        for (short s : ss) System.out.println("short " + s + " " + ssw(s));
    }
}
